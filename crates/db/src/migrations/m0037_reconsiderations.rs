//! Reconsiderations of value (ROV): the request with its header, deficiencies and comparables, its
//! steps (who and when), the client's settings (borrower ROV offered, turn time) and its versioned
//! disclosure, and each time the disclosure was shown.
use sea_orm_migration::prelude::*;

use super::schema::{add_columns, drop_columns, drop_tables, id, index, timestamp};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Reconsiderations {
    Table,
    Id,
    OrderId,
    ClientId,
    InitiatedBy,
    Status,
    Basis,
    Deficiencies,
    Comparables,
    BorrowerName,
    PropertyAddress,
    EffectiveDate,
    AppraiserName,
    RequestDate,
    RequestedBy,
    Requester,
    ValuePressure,
    Withheld,
    DueDate,
    SentText,
    AnswerOutcome,
    Commentary,
    RevisedFileId,
    Outcome,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum ReconsiderationSteps {
    Table,
    Id,
    ReconsiderationId,
    Step,
    ActorId,
    Actor,
    Note,
    At,
}

#[derive(DeriveIden)]
enum RovDisclosures {
    Table,
    Id,
    ClientId,
    Version,
    Text,
    CreatedBy,
    CreatedAt,
}

#[derive(DeriveIden)]
enum RovDisclosureViews {
    Table,
    Id,
    OrderId,
    DisclosureId,
    Version,
    ShownAt,
}

#[derive(DeriveIden)]
enum Clients {
    Table,
    BorrowerRovOffered,
    RovTurnTimeDays,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        use Reconsiderations as R;
        m.create_table(
            Table::create()
                .table(R::Table)
                .col(id(R::Id))
                .col(ColumnDef::new(R::OrderId).big_integer().not_null())
                .col(ColumnDef::new(R::ClientId).integer().null())
                .col(ColumnDef::new(R::InitiatedBy).string_len(10).not_null())
                .col(ColumnDef::new(R::Status).string_len(12).not_null())
                .col(ColumnDef::new(R::Basis).text().not_null())
                .col(ColumnDef::new(R::Deficiencies).text().not_null())
                .col(ColumnDef::new(R::Comparables).text().not_null())
                .col(ColumnDef::new(R::BorrowerName).string_len(200).not_null())
                .col(ColumnDef::new(R::PropertyAddress).string_len(400).not_null())
                .col(ColumnDef::new(R::EffectiveDate).date().null())
                .col(ColumnDef::new(R::AppraiserName).string_len(200).null())
                .col(ColumnDef::new(R::RequestDate).date().not_null())
                .col(ColumnDef::new(R::RequestedBy).integer().null())
                .col(ColumnDef::new(R::Requester).string_len(200).not_null())
                .col(ColumnDef::new(R::ValuePressure).boolean().not_null())
                .col(ColumnDef::new(R::Withheld).text().not_null())
                .col(ColumnDef::new(R::DueDate).date().not_null())
                .col(ColumnDef::new(R::SentText).text().null())
                .col(ColumnDef::new(R::AnswerOutcome).string_len(12).null())
                .col(ColumnDef::new(R::Commentary).text().null())
                .col(ColumnDef::new(R::RevisedFileId).big_integer().null())
                .col(ColumnDef::new(R::Outcome).string_len(24).null())
                .col(timestamp(R::CreatedAt))
                .col(timestamp(R::UpdatedAt))
                .take(),
        )
        .await?;
        index(m, "ix_reconsiderations_order", R::Table, [R::OrderId]).await?;
        index(m, "ix_reconsiderations_status", R::Table, [R::Status]).await?;
        use ReconsiderationSteps as S;
        m.create_table(
            Table::create()
                .table(S::Table)
                .col(id(S::Id))
                .col(ColumnDef::new(S::ReconsiderationId).big_integer().not_null())
                .col(ColumnDef::new(S::Step).string_len(20).not_null())
                .col(ColumnDef::new(S::ActorId).integer().null())
                .col(ColumnDef::new(S::Actor).string_len(200).not_null())
                .col(ColumnDef::new(S::Note).text().null())
                .col(timestamp(S::At))
                .take(),
        )
        .await?;
        index(m, "ix_reconsideration_steps_case", S::Table, [S::ReconsiderationId]).await?;
        use RovDisclosures as D;
        m.create_table(
            Table::create()
                .table(D::Table)
                .col(id(D::Id))
                .col(ColumnDef::new(D::ClientId).integer().not_null())
                .col(ColumnDef::new(D::Version).integer().not_null())
                .col(ColumnDef::new(D::Text).text().not_null())
                .col(ColumnDef::new(D::CreatedBy).integer().null())
                .col(timestamp(D::CreatedAt))
                .take(),
        )
        .await?;
        index(m, "ix_rov_disclosures_client", D::Table, [D::ClientId]).await?;
        use RovDisclosureViews as V;
        m.create_table(
            Table::create()
                .table(V::Table)
                .col(id(V::Id))
                .col(ColumnDef::new(V::OrderId).big_integer().not_null())
                .col(ColumnDef::new(V::DisclosureId).big_integer().not_null())
                .col(ColumnDef::new(V::Version).integer().not_null())
                .col(timestamp(V::ShownAt))
                .take(),
        )
        .await?;
        index(m, "ix_rov_disclosure_views_order", V::Table, [V::OrderId]).await?;
        add_columns(
            m,
            Clients::Table,
            [
                ColumnDef::new(Clients::BorrowerRovOffered)
                    .boolean()
                    .not_null()
                    .default(true)
                    .take(),
                ColumnDef::new(Clients::RovTurnTimeDays).integer().not_null().default(5).take(),
            ],
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_columns(m, Clients::Table, [Clients::BorrowerRovOffered, Clients::RovTurnTimeDays])
            .await?;
        drop_tables(
            m,
            [
                RovDisclosureViews::Table.into_iden(),
                RovDisclosures::Table.into_iden(),
                ReconsiderationSteps::Table.into_iden(),
                Reconsiderations::Table.into_iden(),
            ],
        )
        .await
    }
}
