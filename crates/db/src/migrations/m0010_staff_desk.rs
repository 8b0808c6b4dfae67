//! The staff order desk: a client's main contact phone, a default fee per report product, and the
//! order fields staff set or an action has to remember (the second address line, the fee and due
//! date an appraiser's conditions ask for, the status an order had before it was put on hold), and
//! one payment per order.
use sea_orm_migration::prelude::*;

use super::schema::{add_column, unique_index};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy)]
enum Clients {
    Table,
    MainContactPhone,
}

#[derive(DeriveIden, Clone, Copy)]
enum ReportTypes {
    Table,
    Id,
    DefaultFeeCents,
}

#[derive(DeriveIden, Clone, Copy)]
enum Payments {
    Table,
    OrderId,
}

#[derive(DeriveIden, Clone, Copy)]
enum OrderDetails {
    Table,
    PropertyAddressLine2,
    ProposedFeeCents,
    ProposedDueDate,
    StatusBeforeHold,
}

/// (report type id, default appraiser fee in cents): what the company usually pays for each
/// product.
const DEFAULT_FEES: [(i32, i64); 10] = [
    (1, 45_000),
    (2, 45_000),
    (3, 60_000),
    (4, 30_000),
    (5, 50_000),
    (6, 15_000),
    (7, 15_000),
    (8, 17_500),
    (9, 50_000),
    (10, 25_000),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        add_column(
            m,
            Clients::Table,
            ColumnDef::new(Clients::MainContactPhone).string_len(30).null().take(),
        )
        .await?;
        add_column(
            m,
            ReportTypes::Table,
            ColumnDef::new(ReportTypes::DefaultFeeCents).big_integer().null().take(),
        )
        .await?;
        for (id, cents) in DEFAULT_FEES {
            let update = Query::update()
                .table(ReportTypes::Table)
                .value(ReportTypes::DefaultFeeCents, cents)
                .and_where(Expr::col(ReportTypes::Id).eq(id))
                .take();
            m.exec_stmt(update).await?;
        }
        add_column(
            m,
            OrderDetails::Table,
            ColumnDef::new(OrderDetails::PropertyAddressLine2).string_len(200).null().take(),
        )
        .await?;
        add_column(
            m,
            OrderDetails::Table,
            ColumnDef::new(OrderDetails::ProposedFeeCents).big_integer().null().take(),
        )
        .await?;
        add_column(
            m,
            OrderDetails::Table,
            ColumnDef::new(OrderDetails::ProposedDueDate).date().null().take(),
        )
        .await?;
        add_column(
            m,
            OrderDetails::Table,
            ColumnDef::new(OrderDetails::StatusBeforeHold).integer().null().take(),
        )
        .await?;
        // An order is paid once, even when two people record its payment at the same moment.
        unique_index(m, "ux_payments_order", Payments::Table, [Payments::OrderId]).await
    }
}
