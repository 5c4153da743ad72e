/**
 * The Environments dialog's writes (issue 30): save (create, edit, rename) and delete, then the
 * collection read again; when the Console's chosen environment changed, it is chosen again so
 * the Console's `{{variables}}` follow (a rename carries the choice to the new name). Show on a
 * stored secret reads its value from the user's config folder (the list never carries it).
 */
import { client, type Problem } from '../../api';
import { problemOf } from '../problem/problem-of';
import { useCollectionStore } from './collection-store';
import { type EnvironmentDraft, saveBodyOf } from './environment-draft';

/** Saves the draft; the problem the core answered, or null. */
export async function saveEnvironment(draft: EnvironmentDraft): Promise<Problem | null> {
  const body = saveBodyOf(draft);
  try {
    await client().call('saveEnvironment', { body });
  } catch (error) {
    return problemOf(error);
  }
  const store = useCollectionStore.getState();
  await store.load();
  const chosen = useCollectionStore.getState().environment;
  // load() re-chose an unchanged name already; a rename moves the choice along.
  if (chosen !== '' && chosen === body.replaces)
    await useCollectionStore.getState().chooseEnvironment(body.environment.name);
  return null;
}

export async function deleteEnvironment(name: string): Promise<Problem | null> {
  try {
    await client().call('deleteEnvironment', { body: { name } });
  } catch (error) {
    return problemOf(error);
  }
  await useCollectionStore.getState().load();
  if (useCollectionStore.getState().environment === name)
    await useCollectionStore.getState().chooseEnvironment('');
  return null;
}

/**
 * The value the user's config folder holds for secret `variable` of the saved `environment`
 * ("" when it holds none under that name), or the problem the core answered.
 */
export async function storedSecret(
  environment: string,
  variable: string,
): Promise<{ value: string } | { problem: Problem }> {
  try {
    const { values } = await client().call('getEnvironmentSecrets', {
      body: { name: environment },
    });
    return { value: values[variable] ?? '' };
  } catch (error) {
    return { problem: problemOf(error) };
  }
}
