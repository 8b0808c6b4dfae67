//! What lenders are charged: a price list per client (the products' own client fees are the list
//! of clients without one), each order's client fee, the client's billing contact and payment
//! terms, invoices issued at delivery with numbers from a gap-free sequence per year, credit notes
//! and the lender's payments against an invoice.
use sea_orm_migration::prelude::*;

use super::schema::{add_column, drop_columns, drop_tables, id, index, timestamp};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy)]
enum Clients {
    Table,
    BillingEmail,
    PaymentTermsDays,
}

#[derive(DeriveIden, Clone, Copy)]
enum ReportTypes {
    Table,
    DefaultFeeCents,
    ClientFeeCents,
}

#[derive(DeriveIden, Clone, Copy)]
enum OrderDetails {
    Table,
    ClientFeeCents,
}

#[derive(DeriveIden)]
enum ClientPrices {
    Table,
    ClientId,
    ReportTypeId,
    FeeCents,
}

#[derive(DeriveIden)]
enum NumberSequences {
    Table,
    Prefix,
    Year,
    LastNumber,
}

#[derive(DeriveIden)]
enum Invoices {
    Table,
    Id,
    Number,
    OrderId,
    ClientId,
    AmountCents,
    IssuedOn,
    DueOn,
    CreatedAt,
}

#[derive(DeriveIden)]
enum CreditNotes {
    Table,
    Id,
    Number,
    InvoiceId,
    AmountCents,
    Reason,
    IssuedOn,
    IssuedBy,
    CreatedAt,
}

#[derive(DeriveIden)]
enum InvoicePayments {
    Table,
    Id,
    InvoiceId,
    AmountCents,
    Method,
    Reference,
    ReceivedOn,
    RecordedBy,
    CreatedAt,
}

/// The margin the default price list starts with over the products' usual appraiser fee.
const DEFAULT_MARGIN_CENTS: i64 = 15_000;

async fn add_billing_columns(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    add_column(
        m,
        Clients::Table,
        ColumnDef::new(Clients::BillingEmail).string_len(254).null().take(),
    )
    .await?;
    add_column(
        m,
        Clients::Table,
        ColumnDef::new(Clients::PaymentTermsDays).integer().not_null().default(30).take(),
    )
    .await?;
    add_column(
        m,
        ReportTypes::Table,
        ColumnDef::new(ReportTypes::ClientFeeCents).big_integer().null().take(),
    )
    .await?;
    let defaults = Query::update()
        .table(ReportTypes::Table)
        .value(
            ReportTypes::ClientFeeCents,
            Expr::col(ReportTypes::DefaultFeeCents).add(DEFAULT_MARGIN_CENTS),
        )
        .and_where(Expr::col(ReportTypes::DefaultFeeCents).is_not_null())
        .take();
    m.exec_stmt(defaults).await?;
    add_column(
        m,
        OrderDetails::Table,
        ColumnDef::new(OrderDetails::ClientFeeCents).big_integer().null().take(),
    )
    .await
}

async fn create_tables(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    use ClientPrices as P;
    m.create_table(
        Table::create()
            .table(P::Table)
            .col(ColumnDef::new(P::ClientId).integer().not_null())
            .col(ColumnDef::new(P::ReportTypeId).integer().not_null())
            .col(ColumnDef::new(P::FeeCents).big_integer().not_null())
            .primary_key(Index::create().col(P::ClientId).col(P::ReportTypeId))
            .take(),
    )
    .await?;
    use NumberSequences as S;
    m.create_table(
        Table::create()
            .table(S::Table)
            .col(ColumnDef::new(S::Prefix).string_len(8).not_null())
            .col(ColumnDef::new(S::Year).integer().not_null())
            .col(ColumnDef::new(S::LastNumber).big_integer().not_null())
            .primary_key(Index::create().col(S::Prefix).col(S::Year))
            .take(),
    )
    .await?;
    use Invoices as I;
    m.create_table(
        Table::create()
            .table(I::Table)
            .col(id(I::Id))
            .col(ColumnDef::new(I::Number).string_len(20).not_null().unique_key())
            .col(ColumnDef::new(I::OrderId).big_integer().not_null().unique_key())
            .col(ColumnDef::new(I::ClientId).integer().not_null())
            .col(ColumnDef::new(I::AmountCents).big_integer().not_null())
            .col(ColumnDef::new(I::IssuedOn).date().not_null())
            .col(ColumnDef::new(I::DueOn).date().not_null())
            .col(timestamp(I::CreatedAt))
            .take(),
    )
    .await?;
    index(m, "ix_invoices_client", I::Table, [I::ClientId]).await?;
    use CreditNotes as C;
    m.create_table(
        Table::create()
            .table(C::Table)
            .col(id(C::Id))
            .col(ColumnDef::new(C::Number).string_len(20).not_null().unique_key())
            .col(ColumnDef::new(C::InvoiceId).big_integer().not_null())
            .col(ColumnDef::new(C::AmountCents).big_integer().not_null())
            .col(ColumnDef::new(C::Reason).text().not_null())
            .col(ColumnDef::new(C::IssuedOn).date().not_null())
            .col(ColumnDef::new(C::IssuedBy).integer().not_null())
            .col(timestamp(C::CreatedAt))
            .take(),
    )
    .await?;
    index(m, "ix_credit_notes_invoice", C::Table, [C::InvoiceId]).await?;
    use InvoicePayments as Y;
    m.create_table(
        Table::create()
            .table(Y::Table)
            .col(id(Y::Id))
            .col(ColumnDef::new(Y::InvoiceId).big_integer().not_null())
            .col(ColumnDef::new(Y::AmountCents).big_integer().not_null())
            .col(ColumnDef::new(Y::Method).string_len(20).not_null())
            .col(ColumnDef::new(Y::Reference).string_len(200).null())
            .col(ColumnDef::new(Y::ReceivedOn).date().not_null())
            .col(ColumnDef::new(Y::RecordedBy).integer().not_null())
            .col(timestamp(Y::CreatedAt))
            .take(),
    )
    .await?;
    index(m, "ix_invoice_payments_invoice", Y::Table, [Y::InvoiceId]).await
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        add_billing_columns(m).await?;
        create_tables(m).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(
            m,
            [
                InvoicePayments::Table.into_iden(),
                CreditNotes::Table.into_iden(),
                Invoices::Table.into_iden(),
                NumberSequences::Table.into_iden(),
                ClientPrices::Table.into_iden(),
            ],
        )
        .await?;
        drop_columns(m, OrderDetails::Table, [OrderDetails::ClientFeeCents]).await?;
        drop_columns(m, ReportTypes::Table, [ReportTypes::ClientFeeCents]).await?;
        drop_columns(m, Clients::Table, [Clients::PaymentTermsDays, Clients::BillingEmail]).await
    }
}
