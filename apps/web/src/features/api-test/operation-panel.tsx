import { useReducer } from 'react';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { AuthFields } from './auth-fields';
import { BodyEditor } from './body-editor';
import { Method } from './method';
import { MoneyConfirmDialog } from './money-confirm-dialog';
import type { ApiOperation } from './openapi';
import { operationActions } from './operation-actions';
import { initialOperationState, operationForm, operationReducer } from './operation-state';
import { ParameterFields } from './parameter-fields';
import { ResponseView } from './response-view';
import type { FieldError } from './schema-form';

/** The operation's method and path, summary, description, id, and whether it moves money. */
function OperationHeading({ op }: { op: ApiOperation }) {
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <h2 className="flex min-w-0 flex-wrap items-center gap-2 text-lg font-semibold">
        <Method method={op.method} />
        <code className="font-mono text-sm break-all">{op.path}</code>
      </h2>
      <p className="font-medium">{op.summary}</p>
      {op.description && (
        <p className="text-sm whitespace-pre-line text-muted-foreground">{op.description}</p>
      )}
      <div className="flex flex-wrap gap-2 text-xs">
        <Badge variant="outline" className="font-mono">
          {op.id}
        </Badge>
        {op.movesMoney && <Badge variant="red">Moves money</Badge>}
      </div>
    </div>
  );
}

/** Why the request was not sent: every problem the form check found. */
function FormErrors({ errors }: { errors: FieldError[] }) {
  if (errors.length === 0) return null;
  return (
    <Alert variant="destructive" role="alert">
      <TriangleAlert aria-hidden />
      <AlertTitle>
        Not sent: {errors.length === 1 ? 'one field needs' : `${errors.length} fields need`} attention
      </AlertTitle>
      <AlertDescription>
        <ul className="list-disc pl-4">
          {errors.map((e) => (
            <li key={`${e.path}-${e.message}`}>{e.message}</li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}

/**
 * The form of one operation: parameters, body (form or raw JSON), credentials, send, copy as curl, answer.
 * Its state lives in operation-state.ts, what touches the outside world (the call, the clipboard, the stored
 * session) in operation-actions.ts.
 */
export function OperationPanel({ op }: { op: ApiOperation }) {
  const [state, dispatch] = useReducer(operationReducer, op, (o) => initialOperationState(operationForm(o)));
  const { auth } = state;
  const { send, onSend, onCopy } = operationActions(op, state, dispatch);

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <OperationHeading op={op} />
      <AuthFields state={state} dispatch={dispatch} />
      <ParameterFields state={state} dispatch={dispatch} />
      <BodyEditor state={state} dispatch={dispatch} />
      <FormErrors errors={state.errors} />

      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" onClick={onSend} disabled={state.sending || (!!op.body && !state.form.body)}>
          {state.sending ? 'Sending…' : 'Send'}
        </Button>
        <Button type="button" variant="outline" onClick={() => void onCopy()}>
          Copy as curl
        </Button>
        {auth !== 'none' && (
          <span className="text-xs text-muted-foreground">The copied command contains your credential.</span>
        )}
      </div>

      {state.failure && (
        <Alert variant="destructive" role="alert">
          <AlertTitle>No answer</AlertTitle>
          <AlertDescription>{state.failure}</AlertDescription>
        </Alert>
      )}
      {state.result && <ResponseView result={state.result} />}

      <MoneyConfirmDialog
        op={op}
        request={state.confirming}
        onCancel={() => dispatch({ type: 'cancelConfirm' })}
        onConfirm={(request) => {
          dispatch({ type: 'cancelConfirm' });
          void send(request);
        }}
      />
    </div>
  );
}
