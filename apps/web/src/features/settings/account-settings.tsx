import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import { z } from 'zod';
import { UpdateUserDetails, type UserDetails } from '@meridian/contract';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { fieldErrors } from '@/lib/api';
import { useUpdateUserDetails, useUserDetails, type UpdateUserDetailsBody } from './api/user-details';
import { SettingsSection } from './settings-layout';

const PHONE_HINT = 'Enter the phone number in international format, e.g. +919800000001';

const accountFormSchema = z.object({
  name: z.string().trim().min(2, 'Enter at least 2 characters').max(120, 'Enter at most 120 characters'),
  // Empty keeps the number on file; anything else must pass the contract's rule.
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || UpdateUserDetails.safeParse({ phone: v }).success, PHONE_HINT),
});
type AccountForm = z.infer<typeof accountFormSchema>;

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="text-sm text-destructive">
      {message}
    </p>
  ) : null;
}

/** The account form: name and phone (empty keeps the number on file), reset when the details change. */
function useAccountForm(details: UserDetails) {
  const update = useUpdateUserDetails();
  const form = useForm<AccountForm>({
    resolver: zodResolver(accountFormSchema),
    defaultValues: { name: details.name, phone: '' },
  });
  useEffect(() => {
    form.reset({ name: details.name, phone: '' });
  }, [details, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    const body: UpdateUserDetailsBody = {};
    if (values.name !== details.name) body.name = values.name;
    if (values.phone !== '') body.phone = values.phone;
    if (body.name === undefined && body.phone === undefined) return;
    try {
      await update.mutateAsync(body);
      toast.success('Account updated');
    } catch (error) {
      for (const [field, message] of Object.entries(fieldErrors(error))) {
        if (field === 'name' || field === 'phone') form.setError(field, { message });
      }
    }
  });

  return { form, update, onSubmit };
}

/** The account form: name, the read-only e-mail, phone, the company; Save when something changed. */
function AccountFormView({ details }: { details: UserDetails }) {
  const { form, update, onSubmit } = useAccountForm(details);
  const { errors, isDirty } = form.formState;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <div className="grid gap-2">
        <Label htmlFor="account-name">Name</Label>
        <Input
          id="account-name"
          autoComplete="name"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? 'account-name-error' : undefined}
          {...form.register('name')}
        />
        <FieldError id="account-name-error" message={errors.name?.message} />
      </div>
      <EmailField email={details.email} />
      <div className="grid gap-2">
        <Label htmlFor="account-phone">Phone</Label>
        <Input
          id="account-phone"
          type="tel"
          autoComplete="tel"
          placeholder="+919800000001"
          aria-invalid={errors.phone ? true : undefined}
          aria-describedby={errors.phone ? 'account-phone-error account-phone-hint' : 'account-phone-hint'}
          {...form.register('phone')}
        />
        <p id="account-phone-hint" className="text-sm text-muted-foreground">
          {details.phone ? `On file: ${details.phone}. ` : 'No phone number on file. '}
          One-time sign-in codes are sent to this number.
        </p>
        <FieldError id="account-phone-error" message={errors.phone?.message} />
      </div>
      <CompanyFacts details={details} />
      <div>
        <Button type="submit" disabled={!isDirty || update.isPending}>
          {update.isPending ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}

/** The sign-in e-mail, read-only. */
function EmailField({ email }: { email: string }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor="account-email">E-mail</Label>
      <Input id="account-email" type="email" value={email} readOnly aria-describedby="account-email-hint" />
      <p id="account-email-hint" className="text-sm text-muted-foreground">
        Your sign-in e-mail cannot be changed here.
      </p>
    </div>
  );
}

/** The member's company and client id. */
function CompanyFacts({ details }: { details: UserDetails }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
      <dt className="text-muted-foreground">Company</dt>
      <dd>{details.company_common_name}</dd>
      <dt className="text-muted-foreground">Client ID</dt>
      <dd className="font-mono break-all">{details.client_id}</dd>
    </dl>
  );
}

/** Settings → Account: name and phone are editable, e-mail is read-only (GET/PATCH /v2/user/details). */
export function AccountSettings() {
  const details = useUserDetails();
  return (
    <SettingsSection
      title="Account"
      description="Your name and phone number. The e-mail is the one you sign in with."
    >
      {details.isPending ? (
        <div className="flex flex-col gap-6" aria-busy="true" aria-label="Loading account details">
          {[0, 1, 2].map((i) => (
            <div key={i} className="grid gap-2">
              <Skeleton className="h-4 w-20" />
              <Skeleton className="h-9 w-full" />
            </div>
          ))}
        </div>
      ) : details.isError ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 p-4"
        >
          <p className="text-sm">Your account details could not be loaded: {details.error.message}</p>
          <Button variant="outline" onClick={() => void details.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <AccountFormView details={details.data} />
      )}
    </SettingsSection>
  );
}
