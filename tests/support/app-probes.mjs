// What the sandbox probes of the mock's to-do app (tests/mock/scenarios/app-todo.json: "Sandbox
// probes", "Run probes") must report in every engine and every way the app frame is served:
// nothing of Hearth's origin is in reach of an app.

/** The probes of Hearth's storage and page, and what each must say. */
export const APP_PROBES_BLOCKED = Object.freeze({
  origin: 'blocked: opaque',
  indexedDB: 'blocked: SecurityError',
  cookie: 'blocked: SecurityError',
  parentDocument: 'blocked: SecurityError',
  parentLocalStorage: 'blocked: SecurityError',
  topDocument: 'blocked: SecurityError',
  caches: 'blocked: SecurityError',
});
