import {
  ticketStatus, type EoSummary, type ExportFormat, type EventSalesSummary, type Paged, type TransactionDoc, type TransactionFilters, type TransactionListQuery,
} from '@eo/contract';
import type { Db } from '../../db/client.js';
import { Permission, requireEvent, scopeOf } from '../../lib/access.js';
import { recordAudit } from '../../lib/audit.js';
import type { Caller } from '../../lib/caller.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { fileSlug, keysetBatches, wibDateTime, type Cell, type TableExport } from '../../lib/table-export.js';
import type { EventsService } from '../events/events.service.js';
import type { InvoiceLinks } from '../invoices/invoice-link.js';
import {
  priceHistoryOfTicket, salesSummaryOf, transactionBatch, transactionPage, type TransactionPageRow, type TransactionRow,
} from './event-sales.repository.js';
import { eoSummary } from './sales.repository.js';
import { paged } from '../../lib/paging.js';

const EXPORT_BATCH = 1000;

/** The organizer's sales summary, and the Ticket tab of an event overview: summary, Riwayat Penjualan, price history. */
export class SalesService {
  constructor(private readonly db: Db, private readonly links: InvoiceLinks, private readonly events: EventsService) {}

  /** Another organizer's event, like an unknown id, answers 404. */
  private event(caller: Caller, id: string) {
    return requireEvent(this.db, caller, Permission.EventRead, id);
  }

  /** Totals over every event the caller may see. */
  eoSummary(caller: Caller): Promise<EoSummary> {
    return eoSummary(this.db, scopeOf(caller, Permission.EventRead));
  }

  /**
   * Rangkuman Penjualan Tiket. Amounts: confirmed transactions. Seats (`ticketCount`): held by
   * current registrants, which for a paid ticket is exactly the quantity of its confirmed
   * transactions (a refund cancels the registrant) and for a free one counts its registrations.
   */
  async summary(caller: Caller, eventId: string): Promise<EventSalesSummary> {
    const event = await this.event(caller, eventId);
    const { tickets, ...totals } = await salesSummaryOf(this.db, event.id);
    const rows = tickets.map((t) => ({
      id: t.id,
      name: t.name,
      price: t.price,
      type: t.type,
      originalQuotaType: t.originalQuotaType,
      originalQuota: t.originalQuota,
      quota: t.quota,
      ticketCount: t.seats,
      status: ticketStatus(t),
    }));
    return {
      ticketCount: rows.reduce((n, t) => n + t.ticketCount, 0),
      grossCoinAmount: totals.gross,
      discountedCoinAmount: totals.discount,
      coinAmount: totals.amount,
      event: { tickets: rows },
    };
  }

  private doc(r: TransactionPageRow, nowMs: number): TransactionDoc {
    return {
      invoiceId: r.invoiceId,
      transactionId: r.id,
      createdAt: r.createdAt,
      user: { name: r.buyerName, email: r.buyerEmail, handphone: r.buyerPhone },
      ticketId: r.ticketId,
      ticketName: r.ticketName,
      quantity: r.quantity,
      amount: r.amount,
      grossAmount: r.grossAmount,
      discountAmount: r.discountAmount,
      status: r.status === 'refund' ? 'refund' : 'confirmed',
      discountCode: r.discountCode,
      invoiceUrl: this.links.url(r.id, nowMs),
    };
  }

  /** Riwayat Penjualan's page. */
  async transactions(caller: Caller, eventId: string, q: TransactionListQuery, now = new Date()): Promise<Paged<TransactionDoc>> {
    const event = await this.event(caller, eventId);
    const { rows, total } = await transactionPage(this.db, event.id, q);
    return paged(rows.map((r) => this.doc(r, now.getTime())), q, total);
  }

  /** Riwayat Penjualan as a file (DOWNLOAD), oldest first. */
  async transactionExport(caller: Caller, eventId: string, filters: TransactionFilters | undefined, format: ExportFormat): Promise<TableExport> {
    const event = await this.event(caller, eventId);
    // Recorded as the download starts, in the event's organization's log.
    await recordAudit(this.db, caller, {
      action: 'export.downloaded', organizationId: event.organizationId, targetType: 'event', targetId: event.id, summary: event.name ?? undefined,
      detail: { table: 'transactions', format, eventId: event.id },
    });
    const db = this.db;
    async function* rows(): AsyncGenerator<Cell[]> {
      let n = 0;
      const batches = keysetBatches<TransactionRow>(
        (last) => transactionBatch(db, event.id, filters, last && { at: last.cursor, id: last.id }, EXPORT_BATCH),
        EXPORT_BATCH,
      );
      for await (const batch of batches) {
        for (const r of batch) {
          yield [
            ++n, wibDateTime(r.createdAt), r.invoiceId, r.buyerName, r.buyerEmail, r.buyerPhone, r.ticketName,
            r.quantity, r.unitPrice, r.grossAmount, r.discountAmount, r.discountCode, r.amount, r.status,
          ];
        }
      }
    }
    return {
      basename: `transactions-${fileSlug(event.name)}`,
      sheetName: 'Riwayat Penjualan',
      headers: [
        'No', 'Tanggal Transaksi', 'Invoice', 'Nama', 'Email', 'No Telp', 'Jenis Tiket',
        'Jumlah Tiket', 'Harga Satuan', 'Harga Kotor', 'Diskon', 'Kode Diskon', 'Total Bayar', 'Status',
      ],
      rows: rows(),
    };
  }

  async priceHistory(caller: Caller, eventId: string, ticketId: string) {
    const event = await this.event(caller, eventId);
    const rows = isUuid(ticketId) ? await priceHistoryOfTicket(this.db, event.id, ticketId) : undefined;
    if (!rows) throw notFound();
    return rows.map((r) => ({ createdAt: r.createdAt.toISOString(), oldPrice: r.oldPrice, newPrice: r.newPrice }));
  }
}
