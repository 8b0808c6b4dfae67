//! The assignment engine: turn-time rules per product (and per state), the company's and each
//! client's assignment policy, the appraisers' own fees and capacity, the panel's suspensions with
//! their history, and the automatic decisions with the offers they made.
use sea_orm_migration::prelude::*;

use super::schema::{
    add_column, drop_columns, drop_tables, id, index, optional_timestamp, timestamp,
};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy)]
enum ReportTypes {
    Table,
    TurnBusinessDays,
    RushBusinessDays,
    RushFeeCents,
}

#[derive(DeriveIden, Clone, Copy)]
enum OrderDetails {
    Table,
    Rush,
}

#[derive(DeriveIden, Clone, Copy)]
enum Clients {
    Table,
    AssignmentMode,
    OfferHours,
    BroadcastSize,
}

#[derive(DeriveIden, Clone, Copy)]
enum AppraiserProfiles {
    Table,
    Capacity,
    SuspendedAt,
    SuspensionReason,
}

#[derive(DeriveIden)]
enum AssignmentSettings {
    Table,
    Id,
    Mode,
    OfferHours,
    BroadcastSize,
}

#[derive(DeriveIden)]
enum TurnTimeStates {
    Table,
    ReportTypeId,
    StateCode,
    BusinessDays,
    RushBusinessDays,
}

#[derive(DeriveIden)]
enum AppraiserFees {
    Table,
    AppraiserId,
    ReportTypeId,
    FeeCents,
}

#[derive(DeriveIden)]
enum PanelEvents {
    Table,
    Id,
    AppraiserId,
    Kind,
    Text,
    ByUserId,
    At,
}

#[derive(DeriveIden)]
enum AssignmentDecisions {
    Table,
    Id,
    OrderId,
    DecidedAt,
    Mode,
    Outcome,
    Candidates,
}

#[derive(DeriveIden)]
enum AssignmentOffers {
    Table,
    Id,
    OrderId,
    DecisionId,
    AppraiserId,
    OfferedAt,
    ExpiresAt,
    Status,
    ClosedAt,
}

async fn add_assignment_columns(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    use AppraiserProfiles as A;
    use Clients as C;
    use ReportTypes as R;
    for column in [R::TurnBusinessDays, R::RushBusinessDays] {
        add_column(m, R::Table, ColumnDef::new(column).integer().null().take()).await?;
    }
    add_column(m, R::Table, ColumnDef::new(R::RushFeeCents).big_integer().null().take()).await?;
    add_column(
        m,
        OrderDetails::Table,
        ColumnDef::new(OrderDetails::Rush).boolean().not_null().default(false).take(),
    )
    .await?;
    add_column(m, C::Table, ColumnDef::new(C::AssignmentMode).string_len(16).null().take()).await?;
    for column in [C::OfferHours, C::BroadcastSize] {
        add_column(m, C::Table, ColumnDef::new(column).integer().null().take()).await?;
    }
    add_column(m, A::Table, ColumnDef::new(A::Capacity).integer().null().take()).await?;
    add_column(m, A::Table, optional_timestamp(A::SuspendedAt)).await?;
    add_column(m, A::Table, ColumnDef::new(A::SuspensionReason).text().null().take()).await
}

async fn create_settings(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    use AssignmentSettings as S;
    m.create_table(
        Table::create()
            .table(S::Table)
            .col(ColumnDef::new(S::Id).integer().not_null().primary_key())
            .col(ColumnDef::new(S::Mode).string_len(16).not_null())
            .col(ColumnDef::new(S::OfferHours).integer().not_null())
            .col(ColumnDef::new(S::BroadcastSize).integer().not_null())
            .take(),
    )
    .await?;
    let mut insert = Query::insert();
    insert.into_table(S::Table).columns([S::Id, S::Mode, S::OfferHours, S::BroadcastSize]);
    insert.values_panic([1.into(), "manual".into(), 4.into(), 3.into()]);
    m.exec_stmt(insert).await?;
    use TurnTimeStates as T;
    m.create_table(
        Table::create()
            .table(T::Table)
            .col(ColumnDef::new(T::ReportTypeId).integer().not_null())
            .col(ColumnDef::new(T::StateCode).string_len(2).not_null())
            .col(ColumnDef::new(T::BusinessDays).integer().not_null())
            .col(ColumnDef::new(T::RushBusinessDays).integer().null())
            .primary_key(Index::create().col(T::ReportTypeId).col(T::StateCode))
            .take(),
    )
    .await?;
    use AppraiserFees as F;
    m.create_table(
        Table::create()
            .table(F::Table)
            .col(ColumnDef::new(F::AppraiserId).integer().not_null())
            .col(ColumnDef::new(F::ReportTypeId).integer().not_null())
            .col(ColumnDef::new(F::FeeCents).big_integer().not_null())
            .primary_key(Index::create().col(F::AppraiserId).col(F::ReportTypeId))
            .take(),
    )
    .await
}

async fn create_records(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    use PanelEvents as P;
    m.create_table(
        Table::create()
            .table(P::Table)
            .col(id(P::Id))
            .col(ColumnDef::new(P::AppraiserId).integer().not_null())
            .col(ColumnDef::new(P::Kind).string_len(16).not_null())
            .col(ColumnDef::new(P::Text).text().not_null())
            .col(ColumnDef::new(P::ByUserId).integer().null())
            .col(timestamp(P::At))
            .take(),
    )
    .await?;
    index(m, "ix_panel_events_appraiser", P::Table, [P::AppraiserId]).await?;
    use AssignmentDecisions as D;
    m.create_table(
        Table::create()
            .table(D::Table)
            .col(id(D::Id))
            .col(ColumnDef::new(D::OrderId).big_integer().not_null())
            .col(timestamp(D::DecidedAt))
            .col(ColumnDef::new(D::Mode).string_len(16).not_null())
            .col(ColumnDef::new(D::Outcome).string_len(16).not_null())
            .col(ColumnDef::new(D::Candidates).text().not_null())
            .take(),
    )
    .await?;
    index(m, "ix_assignment_decisions_order", D::Table, [D::OrderId]).await?;
    use AssignmentOffers as O;
    m.create_table(
        Table::create()
            .table(O::Table)
            .col(id(O::Id))
            .col(ColumnDef::new(O::OrderId).big_integer().not_null())
            .col(ColumnDef::new(O::DecisionId).big_integer().not_null())
            .col(ColumnDef::new(O::AppraiserId).integer().not_null())
            .col(timestamp(O::OfferedAt))
            .col(optional_timestamp(O::ExpiresAt))
            .col(ColumnDef::new(O::Status).string_len(16).not_null())
            .col(optional_timestamp(O::ClosedAt))
            .take(),
    )
    .await?;
    index(m, "ix_assignment_offers_order", O::Table, [O::OrderId]).await?;
    index(m, "ix_assignment_offers_open", O::Table, [O::Status, O::ExpiresAt]).await?;
    index(m, "ix_assignment_offers_appraiser", O::Table, [O::AppraiserId, O::Status]).await
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        add_assignment_columns(m).await?;
        create_settings(m).await?;
        create_records(m).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        use AppraiserProfiles as A;
        use Clients as C;
        use ReportTypes as R;
        drop_tables(
            m,
            [
                AssignmentOffers::Table.into_iden(),
                AssignmentDecisions::Table.into_iden(),
                PanelEvents::Table.into_iden(),
                AppraiserFees::Table.into_iden(),
                TurnTimeStates::Table.into_iden(),
                AssignmentSettings::Table.into_iden(),
            ],
        )
        .await?;
        drop_columns(m, R::Table, [R::TurnBusinessDays, R::RushBusinessDays, R::RushFeeCents])
            .await?;
        drop_columns(m, OrderDetails::Table, [OrderDetails::Rush]).await?;
        drop_columns(m, C::Table, [C::AssignmentMode, C::OfferHours, C::BroadcastSize]).await?;
        drop_columns(m, A::Table, [A::Capacity, A::SuspendedAt, A::SuspensionReason]).await
    }
}
