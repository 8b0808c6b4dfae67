//! The assignment engine: turn-time rules per product (and per state), the company's and each
//! client's assignment policy, the appraisers' own fees and capacity, the panel's suspensions with
//! their history, and the automatic decisions with the offers they made.
use sea_orm_migration::prelude::*;

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

async fn add_column<T: IntoIden + Copy + 'static>(
    m: &SchemaManager<'_>,
    table: T,
    column: ColumnDef,
) -> Result<(), DbErr> {
    m.alter_table(Table::alter().table(table).add_column(column).take()).await
}

async fn add_columns(m: &SchemaManager<'_>) -> Result<(), DbErr> {
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
    add_column(
        m,
        A::Table,
        ColumnDef::new(A::SuspendedAt).timestamp_with_time_zone().null().take(),
    )
    .await?;
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
            .col(ColumnDef::new(P::Id).big_integer().not_null().auto_increment().primary_key())
            .col(ColumnDef::new(P::AppraiserId).integer().not_null())
            .col(ColumnDef::new(P::Kind).string_len(16).not_null())
            .col(ColumnDef::new(P::Text).text().not_null())
            .col(ColumnDef::new(P::ByUserId).integer().null())
            .col(ColumnDef::new(P::At).timestamp_with_time_zone().not_null())
            .take(),
    )
    .await?;
    m.create_index(
        Index::create()
            .name("ix_panel_events_appraiser")
            .table(P::Table)
            .col(P::AppraiserId)
            .take(),
    )
    .await?;
    use AssignmentDecisions as D;
    m.create_table(
        Table::create()
            .table(D::Table)
            .col(ColumnDef::new(D::Id).big_integer().not_null().auto_increment().primary_key())
            .col(ColumnDef::new(D::OrderId).big_integer().not_null())
            .col(ColumnDef::new(D::DecidedAt).timestamp_with_time_zone().not_null())
            .col(ColumnDef::new(D::Mode).string_len(16).not_null())
            .col(ColumnDef::new(D::Outcome).string_len(16).not_null())
            .col(ColumnDef::new(D::Candidates).text().not_null())
            .take(),
    )
    .await?;
    m.create_index(
        Index::create()
            .name("ix_assignment_decisions_order")
            .table(D::Table)
            .col(D::OrderId)
            .take(),
    )
    .await?;
    use AssignmentOffers as O;
    m.create_table(
        Table::create()
            .table(O::Table)
            .col(ColumnDef::new(O::Id).big_integer().not_null().auto_increment().primary_key())
            .col(ColumnDef::new(O::OrderId).big_integer().not_null())
            .col(ColumnDef::new(O::DecisionId).big_integer().not_null())
            .col(ColumnDef::new(O::AppraiserId).integer().not_null())
            .col(ColumnDef::new(O::OfferedAt).timestamp_with_time_zone().not_null())
            .col(ColumnDef::new(O::ExpiresAt).timestamp_with_time_zone().null())
            .col(ColumnDef::new(O::Status).string_len(16).not_null())
            .col(ColumnDef::new(O::ClosedAt).timestamp_with_time_zone().null())
            .take(),
    )
    .await?;
    m.create_index(
        Index::create().name("ix_assignment_offers_order").table(O::Table).col(O::OrderId).take(),
    )
    .await?;
    m.create_index(
        Index::create()
            .name("ix_assignment_offers_open")
            .table(O::Table)
            .col(O::Status)
            .col(O::ExpiresAt)
            .take(),
    )
    .await?;
    m.create_index(
        Index::create()
            .name("ix_assignment_offers_appraiser")
            .table(O::Table)
            .col(O::AppraiserId)
            .col(O::Status)
            .take(),
    )
    .await
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        add_columns(m).await?;
        create_settings(m).await?;
        create_records(m).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            AssignmentOffers::Table.into_iden(),
            AssignmentDecisions::Table.into_iden(),
            PanelEvents::Table.into_iden(),
            AppraiserFees::Table.into_iden(),
            TurnTimeStates::Table.into_iden(),
            AssignmentSettings::Table.into_iden(),
        ] {
            m.drop_table(Table::drop().table(table).take()).await?;
        }
        let columns: [(DynIden, DynIden); 10] = [
            (ReportTypes::Table.into_iden(), ReportTypes::TurnBusinessDays.into_iden()),
            (ReportTypes::Table.into_iden(), ReportTypes::RushBusinessDays.into_iden()),
            (ReportTypes::Table.into_iden(), ReportTypes::RushFeeCents.into_iden()),
            (OrderDetails::Table.into_iden(), OrderDetails::Rush.into_iden()),
            (Clients::Table.into_iden(), Clients::AssignmentMode.into_iden()),
            (Clients::Table.into_iden(), Clients::OfferHours.into_iden()),
            (Clients::Table.into_iden(), Clients::BroadcastSize.into_iden()),
            (AppraiserProfiles::Table.into_iden(), AppraiserProfiles::Capacity.into_iden()),
            (AppraiserProfiles::Table.into_iden(), AppraiserProfiles::SuspendedAt.into_iden()),
            (AppraiserProfiles::Table.into_iden(), AppraiserProfiles::SuspensionReason.into_iden()),
        ];
        for (table, column) in columns {
            m.alter_table(Table::alter().table(table).drop_column(column).take()).await?;
        }
        Ok(())
    }
}
