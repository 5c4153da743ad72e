import { type BrowserWindow, dialog } from 'electron';

/** The native folder picker, attached to the window; `null` when the user cancels. */
export async function chooseProjectFolder(win: BrowserWindow | undefined): Promise<string | null> {
  const options: Electron.OpenDialogOptions = {
    title: 'Open Project',
    buttonLabel: 'Open',
    properties: ['openDirectory', 'createDirectory'],
  };
  const result = win
    ? await dialog.showOpenDialog(win, options)
    : await dialog.showOpenDialog(options);
  return result.canceled ? null : (result.filePaths[0] ?? null);
}

/** A project that would not open from the menu: said in a box, the current one keeps serving. */
export async function showOpenFailed(
  win: BrowserWindow | undefined,
  dir: string,
  reason: string,
): Promise<void> {
  const options: Electron.MessageBoxOptions = {
    type: 'warning',
    title: 'Could not open the project',
    message: `Could not open ${dir}`,
    detail: `${reason}\n\nThe current project keeps serving.`,
  };
  if (win) await dialog.showMessageBox(win, options);
  else await dialog.showMessageBox(options);
}
