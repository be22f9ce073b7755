import { SectionPage } from './section-page';

/** The beneficiary fields the edit screen receives in its URL (spec §2); the form itself is not built yet. */
export interface EditBeneficiaryParams {
  beneficiaryCode: string;
  beneficiaryName: string;
  beneficiaryAccountNumber?: string | undefined;
  ifscCode?: string | undefined;
  beneficiaryUpiId?: string | undefined;
}

export function EditBeneficiaryPage({ search }: { search: EditBeneficiaryParams }) {
  const rows = [
    ['Beneficiary code', search.beneficiaryCode],
    ['Name', search.beneficiaryName],
    ['Account number', search.beneficiaryAccountNumber],
    ['IFSC', search.ifscCode],
    ['UPI id', search.beneficiaryUpiId],
  ].filter((r): r is [string, string] => Boolean(r[1]));
  if (!search.beneficiaryCode) return <SectionPage path="/flow/edit-beneficiary" />;
  return (
    <SectionPage path="/flow/edit-beneficiary" showEmpty={false}>
      <dl className="grid max-w-xl grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-xl border p-4 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-medium break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted-foreground">Editing these details here is not available yet.</p>
    </SectionPage>
  );
}
