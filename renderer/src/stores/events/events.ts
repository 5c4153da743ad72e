/**
 * Routes the control API's event batches to the stores: traffic to the traffic log (buffered
 * there), project reloads and load errors to the project and models, record changes to the
 * data view, server state to the server bar, changed request files to the Console's collection. A `gap` (history overrun while disconnected)
 * reloads everything, since individual events were lost.
 */
import { type ControlClient, type EventBatch, type TrafficExchange } from '../../api';
import { useBehaviourStore } from '../behaviour/behaviour-store';
import { useCollectionStore } from '../collection/collection-store';
import { useDataStore } from '../data/data-store';
import { useModelsStore } from '../models/models-store';
import { useOpenApiStore } from '../openapi/openapi-store';
import { useProjectStore } from '../project/project-store';
import { useRelationLabels } from '../relations/relation-labels-store';
import { useRulesStore } from '../rules/rules-store';
import { useServerStore } from '../server/server-store';
import { useTrafficStore } from '../traffic/traffic-store';

export function applyBatch(batch: EventBatch): void {
  const traffic: TrafficExchange[] = [];
  const changedModels = new Set<string>();
  /** Every model with a change, this window's own echoes too: a parent's title may be new. */
  const labelsChanged = new Set<string>();
  let projectChanged = false;
  let requestsChanged = false;
  let otherProject = false;
  for (const event of batch.events) {
    switch (event.type) {
      case 'traffic':
        traffic.push(event.exchange);
        break;
      case 'project': {
        const before = useProjectStore.getState().status?.root;
        useProjectStore.getState().setProject(event.project);
        projectChanged = true;
        // Another folder: the last one's exchanges are not this project's traffic.
        if (before !== undefined && before !== event.project.root) {
          traffic.length = 0;
          otherProject = true;
        }
        break;
      }
      case 'records':
        labelsChanged.add(event.model);
        // A cell edit of this window comes back as an event: its row already shows the answer.
        if (!useDataStore.getState().takeOwnEcho(event.id)) changedModels.add(event.model);
        break;
      case 'server':
        useServerStore.getState().setServer(event.server);
        break;
      case 'requests':
        requestsChanged = true;
        break;
    }
  }
  if (otherProject) useTrafficStore.getState().clearTraffic();
  useTrafficStore.getState().ingest(traffic, batch.dropped, batch.resync);
  if (projectChanged || batch.gap) void useModelsStore.getState().loadModels();
  // Issue 29: the inspector's document, if it was read, follows the project.
  if (projectChanged || batch.gap) void useOpenApiStore.getState().projectChanged();
  // Issue 29: a reload may orphan rules, and a hand edit of mock-rules.json reports here.
  if ((projectChanged || batch.gap) && useRulesStore.getState().state)
    void useRulesStore.getState().loadRules();
  // Another project starts from the studio's own mock behaviour (start-studio.ts): the badge
  // and the dialogs follow.
  if (projectChanged || batch.gap) void useBehaviourStore.getState().loadBehaviour();
  if (batch.gap) {
    void useProjectStore.getState().loadProject();
    void useServerStore.getState().loadServer();
    const model = useDataStore.getState().model;
    if (model) changedModels.add(model);
  }
  if (projectChanged || batch.gap) useRelationLabels.getState().forget();
  // Issue 30: saved requests and environments edited on disk (a pull, a hand edit), or another
  // project's, once the Console has read them.
  if ((requestsChanged || projectChanged || batch.gap) && useCollectionStore.getState().collection)
    void useCollectionStore.getState().load();
  for (const model of changedModels) useDataStore.getState().recordsChanged(model);
  for (const model of new Set([...labelsChanged, ...changedModels]))
    useRelationLabels.getState().forget(model);
}

/** Loads the first state and follows the event stream; returns the unsubscribe function. */
export function startStudio(control: ControlClient): () => void {
  // The models only once the project's state is known: nothing to ask for when none serves.
  void useProjectStore
    .getState()
    .loadProject()
    .then(() => useModelsStore.getState().loadModels());
  void useServerStore.getState().loadServer();
  void useBehaviourStore.getState().loadBehaviour();
  let wasOpen = false;
  let first = true;
  return control.subscribe({
    onBatch(batch) {
      // The first batch replays the history from the start, so it reports a gap whenever the
      // history has been overrun; the loads above read the whole state already.
      applyBatch(first ? { ...batch, gap: false } : batch);
      first = false;
    },
    // A reloaded page (or a second window) starts with the traffic the studio still holds.
    replayHistory: true,
    onState(state) {
      useProjectStore.getState().setStream(state);
      // After a reconnect the server replays what it still holds; reading the state again
      // covers what it no longer holds and a restarted studio.
      if (state === 'open' && wasOpen) {
        void useProjectStore.getState().loadProject();
        void useServerStore.getState().loadServer();
        void useBehaviourStore.getState().loadBehaviour();
      }
      if (state === 'open') wasOpen = true;
    },
  });
}
