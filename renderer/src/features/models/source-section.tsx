/** The model file as it is on disk, read again whenever the project reloads. */
import { lazy, Suspense, useEffect, useState } from 'react';

import type { ModelInfo, ModelSource } from '../../api';
import { useModelsStore } from '../../stores/models/models-store';
import { CopyButton } from '../../ui/copy-button';
import { Loading } from '../../ui/empty-state';

const SourceView = lazy(() => import('./model-source'));

export function SourceSection({ model }: { model: ModelInfo }) {
  const models = useModelsStore((s) => s.models);
  const [source, setSource] = useState<ModelSource | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void useModelsStore
      .getState()
      .readSource(model.name)
      .then((outcome) => {
        if (!live) return;
        if (outcome.ok) setSource(outcome.value);
        setError(outcome.ok ? null : outcome.problem.detail);
      });
    return () => {
      live = false;
    };
  }, [model.name, models]);
  return (
    <section aria-label={`Source of ${model.name}`}>
      <h3 className="section-title">
        Source <span className="faint">(read-only; decorators highlighted)</span>
      </h3>
      <p className="faint mb-6">
        Edit it in your editor: <code>{model.file}</code>{' '}
        <CopyButton text={model.file} label="Copy the file path" /> — a save reloads the project.
      </p>
      {error ? (
        <p className="banner err inline" role="alert">
          {error}
        </p>
      ) : source ? (
        <div className="card model-source-card">
          <Suspense fallback={<Loading what="the source" />}>
            <SourceView
              text={source.text}
              decorators={source.decorators}
              label={`Source of ${model.name}`}
            />
          </Suspense>
        </div>
      ) : (
        <Loading what="the source" />
      )}
    </section>
  );
}
