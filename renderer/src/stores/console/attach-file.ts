/**
 * Issue 30: a file chosen for a multipart field is copied into the project (`files/<name>`,
 * through the control API), so the saved request names a file the team has too and the studio
 * can read it at Send. Files over the upload limit are refused here, before any byte moves.
 */
import { client, sizeInWords, UPLOAD_LIMIT } from '../../api';

/** Why `file` cannot be attached, or null. */
export function attachRefusal(file: { name: string; size: number }): string | null {
  return file.size > UPLOAD_LIMIT
    ? `${file.name} is ${sizeInWords(file.size)}: files up to ${sizeInWords(UPLOAD_LIMIT)} can be sent.`
    : null;
}

function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** Copies `file` into the project; resolves to its path there (`files/photo.png`). */
export async function attachFile(file: File): Promise<string> {
  const refused = attachRefusal(file);
  if (refused) throw new Error(refused);
  const { path } = await client().putProjectFile({ name: file.name, base64: await base64Of(file) });
  return path;
}
