import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { PaymentLinkDetails } from '@meridian/contract/payment-links';
import { fieldErrors, isApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useCreatePaymentLink } from './api/create-payment-link';
import {
  LINK_FIELDS,
  emptyLinkForm,
  linkFormSchema,
  type LinkField,
  type LinkFormInput,
  type LinkFormOutput,
} from './link-form-schema';

const newKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** The outcome of a failed call is unknown (no answer, 5xx, in flight, throttled): a retry reuses the key. */
const outcomeUnknown = (error: unknown) =>
  !isApiError(error) ||
  typeof error.status !== 'number' ||
  error.status >= 500 ||
  [408, 409, 429].includes(error.status);

/**
 * The create form's state and its submit: one Idempotency-Key per submission, reused when a retry follows an
 * unknown outcome; the server's field errors set on their fields (the first focused), the rest listed.
 */
export function useCreateLinkForm(onCreated: (link: PaymentLinkDetails) => void) {
  const create = useCreatePaymentLink();
  const key = useRef<{ body: string; key: string } | null>(null);
  const [failure, setFailure] = useState<{ message: string; unmatched: string[] } | null>(null);
  const form = useForm<LinkFormInput, unknown, LinkFormOutput>({
    resolver: zodResolver(linkFormSchema),
    defaultValues: emptyLinkForm(),
  });

  const onSubmit = form.handleSubmit(async (body) => {
    setFailure(null);
    const fingerprint = JSON.stringify(body);
    if (key.current?.body !== fingerprint) key.current = { body: fingerprint, key: newKey() };
    try {
      const link = await create.mutateAsync({ body, idempotencyKey: key.current.key });
      key.current = null;
      toast.success(`Payment link ${link.customer_reference_number} created`);
      form.reset(emptyLinkForm());
      onCreated(link);
    } catch (error) {
      if (!outcomeUnknown(error)) key.current = null;
      const unmatched: string[] = [];
      let first = true;
      for (const [path, text] of Object.entries(fieldErrors(error))) {
        const name = path.split('.').pop() as LinkField;
        if ((LINK_FIELDS as readonly string[]).includes(name)) {
          form.setError(name, { type: 'server', message: text }, { shouldFocus: first });
          first = false;
        } else unmatched.push(`${path}: ${text}`);
      }
      setFailure({
        message: error instanceof Error ? error.message : 'Something went wrong!',
        unmatched,
      });
    }
  });
  return { form, failure, onSubmit, pending: create.isPending };
}
