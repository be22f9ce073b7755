import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  ConsolidatedStatementRequest,
  GenerateReportResponse,
  PdfGenerationRequest,
  type GenerateReport,
} from '@meridian/contract/reports';
import { actorOf, authOf } from '../auth/guard.ts';
import type { Actor } from '../audit/actor.ts';
import { auditBy } from '../audit/actor.ts';
import { clients } from '../db/schema.ts';
import { zoneClock } from '../files/cells.ts';
import { receiptPdf } from '../files/receipt.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { FILE_TYPES } from '../http/openapi.ts';
import { DEFAULT_TIME_ZONE, checkTimeZone } from '../lists/list-query.ts';
import { getPayoutDetails } from '../payouts/details.ts';
import { createReport } from './engine.ts';
import { REPORT_SOURCES } from './sources/index.ts';

const statementReport = (req: {
  start_date: string;
  end_date: string;
  format: GenerateReport['format'];
  account_numbers?: string[] | undefined;
  time_zone?: string | undefined;
}): GenerateReport => ({
  report_type: 'consolidated_statement',
  format: req.format,
  start_date: req.start_date,
  end_date: req.end_date,
  ...(req.account_numbers?.length ? { account_number: req.account_numbers.join(',') } : {}),
  ...(req.time_zone ? { time_zone: req.time_zone } : {}),
});

/**
 * The consolidated account statement is a report like the others: asked for here, built in the
 * background, listed in the history. `/api/pdf_generation` makes the PDF of a statement (the same report) or of
 * one payout's receipt (at once).
 */
export const statementRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const p = deps.config.PROVIDER;
  const queue = async (actor: Actor, permissions: ReadonlySet<string>, report: GenerateReport) => {
    const { report: item, effects } = await deps.db.transaction((tx) =>
      createReport(tx, actor, report, { sources: REPORT_SOURCES, product: p, permissions }),
    );
    await deps.runEffects(effects);
    return { report_urn: item.report_urn, status: 'QUEUED' as const };
  };

  app.post(
    '/v2/banking/account/consolidated_account_statement',
    {
      config: { permission: 'reports.generate', openapi: { errors: [404] } },
      schema: {
        tags: ['reports'],
        summary: 'Ask for the consolidated account statement',
        description:
          "Queues the statement of all the client's accounts (or the ones named) over a range of whole days in `time_zone`: per account the opening balance, every posting with the balance after it and the closing balance, as PDF (default, paged, with the client's name, the period and page numbers), CSV, XLSX or JSON. Answers 202 with the report urn; download it from the history when READY. 404 for an account that is not the caller's.",
        body: ConsolidatedStatementRequest,
        response: { 202: GenerateReportResponse },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await queue(actorOf(request), authOf(request).permissions, statementReport(request.body))),
  );

  app.post(
    '/api/pdf_generation',
    {
      config: { permission: 'reports.generate', openapi: { errors: [404], files: [FILE_TYPES.pdf] } },
      schema: {
        tags: ['reports'],
        summary: "PDF of a statement or of a payout's receipt",
        description:
          "`document: payout_receipt` answers the PDF receipt of one of the caller's payouts at once (404 for another's); `document: statement` queues the consolidated account statement as a PDF report (202 with its urn), as `/v2/banking/account/consolidated_account_statement` does.",
        body: PdfGenerationRequest,
        response: { 202: GenerateReportResponse },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.document === 'statement')
        return reply
          .status(202)
          .send(
            await queue(
              actorOf(request),
              authOf(request).permissions,
              statementReport({ ...body, format: 'pdf' }),
            ),
          );
      const actor = actorOf(request);
      const { payout, pdf } = await payoutReceipt(deps, actor, body.payout_urn, body.time_zone);
      await auditBy(deps.db, actor, 'report.payout_receipt', payout.urn, {});
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="receipt-${payout.urn}.pdf"`)
        .send(pdf as never); // bytes, not the 202's JSON: the response schema describes the JSON answer only
    },
  );
};

/** The PDF receipt of one of the caller's payouts (404 for another's), with times in the zone asked for. */
async function payoutReceipt(deps: RouteDeps, actor: Actor, urn: string, timeZoneAsked: string | undefined) {
  const timeZone = checkTimeZone(timeZoneAsked || DEFAULT_TIME_ZONE);
  const payout = await getPayoutDetails(deps.db, actor.clientRef, urn);
  const [client] = await deps.db
    .select({ name: clients.companyCommonName })
    .from(clients)
    .where(eq(clients.id, actor.clientRef));
  const clock = zoneClock(timeZone);
  const at = (iso: string) => `${clock.text(Date.parse(iso))} (${timeZone})`;
  const pdf = await receiptPdf({
    title: `Payout receipt ${payout.urn}`,
    issuer: client?.name ?? 'Meridian',
    timeZone,
    lines: [
      ['Payout URN', payout.urn],
      ['Status', payout.status],
      ['Amount', `INR ${payout.amount}`],
      ['Transfer type', payout.transfer_type],
      ['Beneficiary', `${payout.beneficiary_name} (${payout.beneficiary_code})`],
      ['Beneficiary account', payout.beneficiary_account_number ?? payout.beneficiary_upi_id],
      ['IFSC', payout.ifsc_code],
      ['From account', payout.sender_account_number],
      ['Purpose', payout.purpose_message],
      ['Customer reference', payout.customer_reference_number],
      ['UTR (bank reference)', payout.bank_reference_number],
      ['Status message', payout.status_message],
      ['Initiated', at(payout.created_at)],
      ['Last updated', at(payout.updated_at)],
    ],
    footer: 'This receipt is generated by Meridian from the payout as the bank reported it.',
  });
  return { payout, pdf };
}
