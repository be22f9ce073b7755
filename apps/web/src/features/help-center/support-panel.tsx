import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import {
  CreateSupportTicket,
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_LABELS,
  SUPPORT_STATUS_LABELS,
  type SupportStatus,
} from '@meridian/contract/support';
import { FormField } from '@/components/form/form-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { fieldErrors } from '@/lib/api';
import { formatDateTime } from '@/lib/format/date';
import { dateFormatPreference, timeZonePreference } from '@/lib/preferences/display';
import { toast } from '@/lib/toast';
import { supportTicketsQueryOptions, useCreateSupportTicket } from './api/support-tickets';

type Form = { subject: string; category: string; message: string };
const FIELDS = ['subject', 'category', 'message'] as const;

const STATUS_VARIANT: Record<SupportStatus, BadgeVariant> = {
  OPEN: 'blue',
  IN_PROGRESS: 'yellow',
  RESOLVED: 'green',
  CLOSED: 'grey',
};

/** YYYY-MM-DD of `days` from today in `timeZone`. */
const dayIn = (timeZone: string, days = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

/** The "Contact support" form: subject, category and message, checked with the contract's schema. */
function ContactForm() {
  const create = useCreateSupportTicket();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Form>({
    resolver: zodResolver(CreateSupportTicket) as never,
    defaultValues: { subject: '', category: '', message: '' },
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const ticket = await create.mutateAsync(CreateSupportTicket.parse(values));
      toast.success(`Ticket ${ticket.urn} sent`);
      form.reset();
    } catch (error) {
      for (const [path, text] of Object.entries(fieldErrors(error)))
        if ((FIELDS as readonly string[]).includes(path))
          form.setError(path as (typeof FIELDS)[number], { type: 'server', message: text });
      setFailure(error instanceof Error ? error.message : 'Something went wrong!');
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Contact support" className="flex flex-col gap-4">
      {failure && (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      )}
      <FormField id="support-subject" label="Subject" error={errors.subject?.message}>
        {(control) => <Input {...control} maxLength={120} {...form.register('subject')} />}
      </FormField>
      <FormField id="support-category" label="Category" error={errors.category?.message}>
        {(control) => (
          <Select {...control} {...form.register('category')}>
            <option value="">Choose a category</option>
            {SUPPORT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {SUPPORT_CATEGORY_LABELS[c]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField
        id="support-message"
        label="Message"
        hint="20 to 5,000 characters: what you did, what you expected, and any urn or reference."
        error={errors.message?.message}
      >
        {(control) => <Textarea {...control} rows={5} maxLength={5000} {...form.register('message')} />}
      </FormField>
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Sending…' : 'Send to support'}
        </Button>
      </div>
    </form>
  );
}

/** "Your tickets": the company's tickets of the last 90 days with their status. */
function TicketList() {
  const timeZone = timeZonePreference.use();
  const pattern = dateFormatPreference.use();
  const tickets = useQuery(supportTicketsQueryOptions(dayIn(timeZone, -89), dayIn(timeZone), timeZone));
  if (tickets.isPending) return <p className="text-sm text-muted-foreground">Loading your tickets…</p>;
  if (tickets.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        Your tickets could not be loaded: {tickets.error.message}
      </p>
    );
  if (!tickets.data.length)
    return <p className="text-sm text-muted-foreground">No tickets in the last 90 days.</p>;
  return (
    <ul aria-label="Your tickets" className="flex flex-col divide-y rounded-md border">
      {tickets.data.map((t) => (
        <li key={t.urn} className="flex flex-col gap-1 p-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium break-words">{t.subject}</span>
            <Badge variant={STATUS_VARIANT[t.status]}>{SUPPORT_STATUS_LABELS[t.status]}</Badge>
          </div>
          <div className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
            <span className="font-mono break-all">{t.urn}</span>
            <span>{SUPPORT_CATEGORY_LABELS[t.category]}</span>
            <time dateTime={t.created_at}>{formatDateTime(t.created_at, timeZone, pattern)}</time>
            <span>{t.created_by}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function SupportPanel() {
  return (
    <section aria-labelledby="support-heading" className="flex min-w-0 flex-col gap-6">
      <div className="flex flex-col gap-3">
        <h2 id="support-heading" className="text-lg font-semibold">
          Contact support
        </h2>
        <p className="text-sm text-muted-foreground">
          Meridian support answers by e-mail; your ticket is listed below with its status.
        </p>
        <ContactForm />
      </div>
      <div className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">Your tickets</h2>
        <TicketList />
      </div>
    </section>
  );
}
