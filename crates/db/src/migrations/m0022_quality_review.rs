//! Quality review: a checklist per product (the default list, with no product, ships here), the
//! reviewer's answers per order, revision requests as rounds of items the appraiser answers, and
//! the product setting that a report needs its data file.
use sea_orm_migration::prelude::*;

use super::schema::{
    add_column, drop_columns, drop_tables, id, index, int_id, optional_timestamp, timestamp,
    unique_index,
};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ReportTypes {
    Table,
    DataFileRequired,
}

#[derive(DeriveIden)]
enum ChecklistItems {
    Table,
    Id,
    ReportTypeId,
    Position,
    Text,
    Retired,
}

#[derive(DeriveIden)]
enum ReviewAnswers {
    Table,
    Id,
    OrderId,
    ChecklistItemId,
    Answer,
    Note,
    UserId,
    AnsweredAt,
}

#[derive(DeriveIden)]
enum RevisionRounds {
    Table,
    Id,
    OrderId,
    Round,
    Message,
    RequestedBy,
    RequestedAt,
    AnsweredBy,
    AnsweredAt,
}

#[derive(DeriveIden)]
enum RevisionItems {
    Table,
    Id,
    RoundId,
    Position,
    Reference,
    Text,
    Answer,
}

/// The list every product without its own uses.
const DEFAULT_CHECKLIST: [&str; 6] = [
    "Subject address, borrower, lender and loan number match the order.",
    "The report is signed; the appraiser's licence is current on the effective date.",
    "Comparable sales are recent and close, with consistent, supported adjustments.",
    "Photos, sketch and maps cover the subject and every comparable.",
    "Condition and quality ratings are supported by the photos and the comments.",
    "The reconciliation explains the value; the scope of work fits the intended use.",
];

async fn create_checklist(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    use ChecklistItems as C;
    m.create_table(
        Table::create()
            .table(C::Table)
            .col(int_id(C::Id))
            .col(ColumnDef::new(C::ReportTypeId).integer().null())
            .col(ColumnDef::new(C::Position).integer().not_null())
            .col(ColumnDef::new(C::Text).string_len(500).not_null())
            .col(ColumnDef::new(C::Retired).boolean().not_null().default(false))
            .take(),
    )
    .await?;
    index(m, "ix_checklist_items_report_type", C::Table, [C::ReportTypeId]).await?;
    let mut insert = Query::insert();
    insert.into_table(C::Table).columns([C::Position, C::Text]);
    for (position, text) in DEFAULT_CHECKLIST.iter().enumerate() {
        insert.values_panic([(position as i32 + 1).into(), (*text).into()]);
    }
    m.exec_stmt(insert).await
}

async fn create_review_answers(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    use ReviewAnswers as A;
    m.create_table(
        Table::create()
            .table(A::Table)
            .col(id(A::Id))
            .col(ColumnDef::new(A::OrderId).big_integer().not_null())
            .col(ColumnDef::new(A::ChecklistItemId).integer().not_null())
            .col(ColumnDef::new(A::Answer).string_len(8).not_null())
            .col(ColumnDef::new(A::Note).text().null())
            .col(ColumnDef::new(A::UserId).integer().not_null())
            .col(timestamp(A::AnsweredAt))
            .take(),
    )
    .await?;
    unique_index(m, "ux_review_answers_order_item", A::Table, [A::OrderId, A::ChecklistItemId])
        .await
}

async fn create_revisions(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    use RevisionItems as I;
    use RevisionRounds as R;
    m.create_table(
        Table::create()
            .table(R::Table)
            .col(id(R::Id))
            .col(ColumnDef::new(R::OrderId).big_integer().not_null())
            .col(ColumnDef::new(R::Round).integer().not_null())
            .col(ColumnDef::new(R::Message).text().null())
            .col(ColumnDef::new(R::RequestedBy).integer().not_null())
            .col(timestamp(R::RequestedAt))
            .col(ColumnDef::new(R::AnsweredBy).integer().null())
            .col(optional_timestamp(R::AnsweredAt))
            .take(),
    )
    .await?;
    unique_index(m, "ux_revision_rounds_order_round", R::Table, [R::OrderId, R::Round]).await?;
    m.create_table(
        Table::create()
            .table(I::Table)
            .col(id(I::Id))
            .col(ColumnDef::new(I::RoundId).big_integer().not_null())
            .col(ColumnDef::new(I::Position).integer().not_null())
            .col(ColumnDef::new(I::Reference).string_len(200).not_null())
            .col(ColumnDef::new(I::Text).text().not_null())
            .col(ColumnDef::new(I::Answer).text().null())
            .take(),
    )
    .await?;
    index(m, "ix_revision_items_round", I::Table, [I::RoundId]).await
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        add_column(
            m,
            ReportTypes::Table,
            ColumnDef::new(ReportTypes::DataFileRequired)
                .boolean()
                .not_null()
                .default(false)
                .take(),
        )
        .await?;
        create_checklist(m).await?;
        create_review_answers(m).await?;
        create_revisions(m).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(
            m,
            [
                RevisionItems::Table.into_iden(),
                RevisionRounds::Table.into_iden(),
                ReviewAnswers::Table.into_iden(),
                ChecklistItems::Table.into_iden(),
            ],
        )
        .await?;
        drop_columns(m, ReportTypes::Table, [ReportTypes::DataFileRequired]).await
    }
}
