/**
 * Every control operation once, as a value: its method and its path under `CONTROL_PREFIX`
 * (issue 25). The control server's router and the typed client's one `call` are both built
 * from this table, so a path is written in one place; what each operation takes and answers is
 * `ControlPayloads` (./control-api.ts), and the schema its body is checked against is its line
 * of `CONTROL_BODIES` (./control-bodies.ts, issue 43: server-side only, out of the UI bundle).
 */
export const CONTROL_OPERATIONS = {
  getProject: { method: 'GET', path: '/project' },
  openProject: { method: 'POST', path: '/project/open' },
  reloadProject: { method: 'POST', path: '/project/reload' },
  listModels: { method: 'GET', path: '/models' },
  listRoutes: { method: 'GET', path: '/routes' },
  listRecords: { method: 'GET', path: '/models/:model/records' },
  getRecord: { method: 'GET', path: '/models/:model/records/:id' },
  createRecord: { method: 'POST', path: '/models/:model/records' },
  replaceRecord: { method: 'PUT', path: '/models/:model/records/:id' },
  patchRecord: { method: 'PATCH', path: '/models/:model/records/:id' },
  deleteRecord: { method: 'DELETE', path: '/models/:model/records/:id' },
  deleteImpact: { method: 'GET', path: '/models/:model/records/:id/delete-impact' },
  sampleRecord: { method: 'GET', path: '/models/:model/sample' },
  importRecords: { method: 'POST', path: '/models/:model/import' },
  exportRecords: { method: 'GET', path: '/models/:model/export' },
  fakeRecords: { method: 'POST', path: '/models/:model/fake' },
  resetData: { method: 'POST', path: '/data/reset' },
  saveSeed: { method: 'POST', path: '/data/seed' },
  getBehaviour: { method: 'GET', path: '/behaviour' },
  setBehaviour: { method: 'PUT', path: '/behaviour' },
  getServer: { method: 'GET', path: '/server' },
  startServer: { method: 'POST', path: '/server/start' },
  stopServer: { method: 'POST', path: '/server/stop' },
  changePort: { method: 'PUT', path: '/server/port' },
  events: { method: 'GET', path: '/events' },
  readModelSource: { method: 'GET', path: '/models/:model/source' },
  previewModelEdit: { method: 'POST', path: '/model-edits/preview' },
  applyModelEdit: { method: 'POST', path: '/model-edits' },
  createModel: { method: 'POST', path: '/models' },
  previewImport: { method: 'POST', path: '/import/preview' },
  importProject: { method: 'POST', path: '/import' },
  getOpenApi: { method: 'GET', path: '/openapi' },
  getRules: { method: 'GET', path: '/rules' },
  putRules: { method: 'PUT', path: '/rules' },
  previewRuleTemplate: { method: 'POST', path: '/rules/preview' },
  listRequests: { method: 'GET', path: '/requests' },
  saveRequest: { method: 'PUT', path: '/requests' },
  duplicateRequest: { method: 'POST', path: '/requests/duplicate' },
  deleteRequest: { method: 'POST', path: '/requests/delete' },
  importRequests: { method: 'POST', path: '/requests/import' },
  saveEnvironment: { method: 'PUT', path: '/environments' },
  deleteEnvironment: { method: 'POST', path: '/environments/delete' },
  getEnvironmentSecrets: { method: 'POST', path: '/environments/secrets' },
  putProjectFile: { method: 'POST', path: '/project-files' },
  getConsoleSession: { method: 'GET', path: '/console-session' },
  putConsoleSession: { method: 'PUT', path: '/console-session' },
  sendOutgoing: { method: 'POST', path: '/outgoing' },
} as const;

export type ControlOperationName = keyof typeof CONTROL_OPERATIONS;
