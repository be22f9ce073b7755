import { Card } from '@/components/ui/card';
import { AuthCard } from './components/auth-card';
import { SignInForm } from './sign-in-form';

type Props = { redirect?: string | undefined };

const TITLE = 'Sign in';
const DESCRIPTION = 'Enter your email and password to open your dashboard.';

/** /sign-in: the form in a card. */
export function SignInPage({ redirect }: Props) {
  return (
    <AuthCard title={TITLE} description={DESCRIPTION}>
      <SignInForm redirect={redirect} />
    </AuthCard>
  );
}

/** /sign-in-2: split layout, product panel beside the same form. */
export function SignInSplitPage({ redirect }: Props) {
  return (
    <Card className="grid w-full max-w-3xl gap-0 overflow-hidden p-0 md:grid-cols-2">
      <section
        aria-label="About Meridian"
        className="hidden flex-col justify-end gap-3 bg-primary p-8 text-primary-foreground md:flex"
      >
        <p className="text-2xl font-semibold">Payouts, accounts and identity checks in one place.</p>
        <p className="text-sm opacity-90">Track every transfer, verify customers and download reports.</p>
      </section>
      <div className="grid gap-6 p-8">
        <div className="grid gap-1.5">
          <h1 className="text-xl font-semibold">{TITLE}</h1>
          <p className="text-sm text-muted-foreground">{DESCRIPTION}</p>
        </div>
        <SignInForm redirect={redirect} />
      </div>
    </Card>
  );
}

/** /sign-in-3: minimal layout without a card. */
export function SignInPlainPage({ redirect }: Props) {
  return (
    <div className="grid w-full max-w-sm gap-6">
      <div className="grid gap-1.5 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">{TITLE}</h1>
        <p className="text-sm text-muted-foreground">{DESCRIPTION}</p>
      </div>
      <SignInForm redirect={redirect} />
    </div>
  );
}
