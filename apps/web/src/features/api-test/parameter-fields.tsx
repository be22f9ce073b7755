import type { Dispatch } from 'react';
import { Button } from '@/components/ui/button';
import { FieldControl } from './field-control';
import { isIdempotencyKey, paramKey, type OperationAction, type OperationState } from './operation-state';

const LOCATIONS = ['path', 'query', 'header'] as const;

/**
 * The operation's parameters, a fieldset per location that has any (path, query, header); an idempotency key
 * comes filled in, with a button for a new one.
 */
export function ParameterFields({
  state,
  dispatch,
}: {
  state: Pick<OperationState, 'form' | 'params' | 'errors'>;
  dispatch: Dispatch<OperationAction>;
}) {
  const { op, params } = state.form;
  const locations = LOCATIONS.filter((l) => op.parameters.some((p) => p.in === l));
  return locations.map((location) => (
    <fieldset key={location} className="flex min-w-0 flex-col gap-3">
      <legend className="mb-2 text-sm font-semibold capitalize">{location} parameters</legend>
      {params
        .filter(({ param }) => param.in === location)
        .map(({ param, field }) => (
          <div key={paramKey(param)} className="flex min-w-0 items-end gap-2">
            <div className="min-w-0 flex-1">
              <FieldControl
                field={param.description ? { ...field, description: param.description } : field}
                draft={state.params[paramKey(param)] ?? ''}
                onChange={(draft) => dispatch({ type: 'setParam', key: paramKey(param), draft })}
                path={param.name}
                errors={state.errors}
                idPrefix={`${op.id}-${location}`}
              />
            </div>
            {isIdempotencyKey(param) && (
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => dispatch({ type: 'newIdempotencyKey', key: crypto.randomUUID() })}
              >
                New key
              </Button>
            )}
          </div>
        ))}
    </fieldset>
  ));
}
