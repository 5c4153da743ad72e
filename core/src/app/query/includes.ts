/**
 * What a GET puts in each record besides its own fields (CONTRACT §3), from `embed` (ours),
 * `_embed` and `_expand` (json-server 0.17's). The one parser of the three, for collection and
 * by-id GETs alike; app/query/embed.ts fills them in.
 */
import { problems } from '../../errors.js';
import type { ModelSchema } from '../../model/schema.js';
import { splitList } from './split-list.js';

export interface Includes {
  /** `embed=user,todos`: a parent in place of its id, children as a list. */
  readonly embed: readonly string[];
  /**
   * `_expand=post`: the parent a link names, added under `name` beside the link `field`
   * (`postId`), as json-server 0.17 does; `name` equals `field` for a link named `user`.
   */
  readonly expand: readonly { readonly name: string; readonly field: string }[];
  /**
   * `_embed` of a link named as json-server names them (`_embed=postId`): json-server 0.17
   * looks for a collection of that name, finds none and answers `[]` in the link's place; so
   * do we. A link named otherwise (`_embed=assignee`, a hand-written model) is embedded as
   * `embed=` does (CONTRACT §3).
   */
  readonly emptied: readonly string[];
}

export const NO_INCLUDES: Includes = Object.freeze({ embed: [], expand: [], emptied: [] });

/** json-server's foreign keys: a name and `Id` (its `foreignKeySuffix`), `postId`. */
const JSON_SERVER_LINK = /.Id$/;

function isLink(model: ModelSchema, name: string): boolean {
  return model.relations.some((r) => r.kind === 'belongTo' && r.field === name);
}

/** Reads `embed`, `_embed` and `_expand`; a name the model has no relation for is a 400. */
export function parseIncludes(search: URLSearchParams, model: ModelSchema): Includes {
  // The common list asks for none: answered without building a list (the read hot path).
  if (!search.has('embed') && !search.has('_embed') && !search.has('_expand')) return NO_INCLUDES;
  const ours = splitList(search.getAll('embed'));
  const theirs = splitList(search.getAll('_embed'));
  const expanded = splitList(search.getAll('_expand'));
  if (ours.length === 0 && theirs.length === 0 && expanded.length === 0) return NO_INCLUDES;
  const embed: string[] = [];
  const emptied: string[] = [];
  for (const name of ours) {
    if (!model.relations.some((r) => r.field === name))
      throw problems.badQuery(
        'embed',
        `${JSON.stringify(name)} is not a relation of ${model.name}`,
      );
    embed.push(name);
  }
  for (const name of theirs) {
    if (isLink(model, name) && JSON_SERVER_LINK.test(name)) emptied.push(name);
    else if (model.relations.some((r) => r.field === name)) embed.push(name);
    else
      throw problems.badQuery(
        '_embed',
        `${JSON.stringify(name)} is not a relation of ${model.name}`,
      );
  }
  const expand = expanded.map((name) => {
    // json-server's convention first (`post` expands `postId`), then a link named as such.
    const field = isLink(model, `${name}Id`) ? `${name}Id` : isLink(model, name) ? name : undefined;
    if (field === undefined)
      throw problems.badQuery(
        '_expand',
        `${JSON.stringify(name)} names no link of ${model.name} (neither ${name}Id nor ${name})`,
      );
    return { name, field };
  });
  return { embed, expand, emptied };
}
