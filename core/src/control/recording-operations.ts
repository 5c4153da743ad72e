/**
 * Recording in the studio (issue 46): while the mock API has a proxy target, Traffic's Record
 * switch records what it forwards (`startRecording`, `stopRecording`); the recording is
 * previewed as "New project from a file" previews a file (`previewRecording`, the same
 * preview: models, fields, guesses, records) and written into a new folder, which the studio
 * then opens (`importRecording`), through `decorest record`'s own planner and writer.
 */
import type { ImportRecordingBody, RecordingPreviewBody } from '../contract/control-api.js';
import { writeRecording } from '../record/write-recording.js';
import type { ControlRoutes } from './control-route.js';
import { folderFindings, preview, refusedAsProblem, refuseRelative } from './import-operations.js';

export const RECORDING_ROUTES: Pick<
  ControlRoutes,
  | 'getRecording'
  | 'startRecording'
  | 'stopRecording'
  | 'discardRecording'
  | 'previewRecording'
  | 'importRecording'
> = {
  getRecording: { handle: ({ ctx }) => ctx.recording.status() },
  startRecording: { handle: ({ ctx }) => ctx.recording.start() },
  stopRecording: { handle: ({ ctx }) => ctx.recording.stop() },
  discardRecording: { handle: ({ ctx }) => ctx.recording.discard() },
  previewRecording: {
    check: folderFindings,
    handle: async ({ ctx, body }) => {
      refuseRelative(body);
      return preview(await ctx.recording.plan(), (body as RecordingPreviewBody).dir);
    },
  },
  importRecording: {
    check: folderFindings,
    handle: async ({ ctx, body }) => {
      refuseRelative(body);
      const { dir, force } = body as ImportRecordingBody;
      const plan = await ctx.recording.plan();
      await refusedAsProblem(dir, () => writeRecording(plan, dir, { force: force ?? false }));
      await ctx.recording.written();
      return ctx.openProject(dir);
    },
  },
};
