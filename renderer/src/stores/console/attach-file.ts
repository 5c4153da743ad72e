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

/** Copies `file` into the project; resolves to its path there (`files/photo.png`). */
export async function attachFile(file: File): Promise<string> {
  const refused = attachRefusal(file);
  if (refused) throw new Error(refused);
  // The file's bytes as the body, streamed to disk by the studio (never read into the page).
  const { path } = await client().putProjectFile(file.name, file);
  return path;
}
