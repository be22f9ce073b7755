import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { ApiOperation } from './openapi';
import { amountOf, type BuiltRequest } from './request';

/**
 * The confirmation a money-moving call needs before it is sent: the operation, its method and path, and the
 * amount its body carries. Open while `request` is set.
 */
export function MoneyConfirmDialog({
  op,
  request,
  onCancel,
  onConfirm,
}: {
  op: ApiOperation;
  request: BuiltRequest | null;
  onCancel: () => void;
  onConfirm: (request: BuiltRequest) => void;
}) {
  const amount = request?.body ? amountOf(JSON.parse(request.body) as unknown) : undefined;
  return (
    <Dialog open={request !== null} onOpenChange={(open) => !open && onCancel()}>
      {request && (
        <DialogContent>
          <DialogHeader>
            <DialogTitle>This call moves money</DialogTitle>
            <DialogDescription>
              {op.summary} ({op.id}): {request.method} {request.path}
            </DialogDescription>
          </DialogHeader>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Operation</dt>
            <dd className="font-mono break-all">{op.id}</dd>
            <dt className="text-muted-foreground">Amount</dt>
            <dd className="font-semibold tabular-nums">{amount ? `₹${amount}` : 'as the call decides'}</dd>
          </dl>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={onCancel}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={() => onConfirm(request)}>
              Send {op.id}
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
