/**
 * Every SQL statement the server's own `pg` sends while recording (pg.Client.prototype.query
 * wrapped), with its parameters, for the bench's per-operation counts. Transaction control
 * (BEGIN, COMMIT, …) is told apart from the statements doing work.
 */
import { serverRequire } from './paths.mjs';

/**
 * Transaction control, the settings that put a request's transaction behind the wall between
 * households included (SET LOCAL ROLE truenet_app with the household, alone or after BEGIN).
 */
export const CONTROL = /^\s*(BEGIN|START TRANSACTION|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|SET LOCAL ROLE)/i;

export function recordStatements() {
  const pg = serverRequire('pg');
  const recorded = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function query(config, values, callback) {
    const text = typeof config === 'string' ? config : config?.text;
    const params = Array.isArray(values) ? values : config?.values;
    if (text) recorded.push({ text, params });
    return original.call(this, config, values, callback);
  };
  return { recorded, restore: () => (pg.Client.prototype.query = original) };
}

/** How many recorded statements did work (not transaction control). */
export function workStatements(recorded) {
  return recorded.filter((statement) => !CONTROL.test(statement.text)).length;
}
