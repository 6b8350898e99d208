/**
 * For tests: the resolver's `options(field, values)` over the real second-hand lists (they are pure and
 * small), answering as the server does: by list id and the values of the list's parameters.
 */
import { listIdOf } from '@app/form-engine/dataUrl';
import type { FieldDef, Option, Values } from '@app/form-engine/model';
import { chosenItems } from '@app/form-engine/values';
import { SECOND_HAND_LIST_PARAMS, type SecondHandListId, secondHandListOptions } from './secondHandLists.ts';

export function secondHandOptions(field: FieldDef, values: Values): Option[] | undefined {
  const listId = listIdOf(field.dataUrl);
  if (!listId || !Object.hasOwn(SECOND_HAND_LIST_PARAMS, listId)) return undefined;
  const params: Record<string, string> = {};
  for (const name of SECOND_HAND_LIST_PARAMS[listId as SecondHandListId]) {
    params[name] = chosenItems(values[name]).join(',');
  }
  return secondHandListOptions(listId, params);
}
