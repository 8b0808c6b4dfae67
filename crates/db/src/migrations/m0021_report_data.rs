//! The report pipeline's first part: the "Appraisal Data File" kind of order file (a UAD 2.6 XML or
//! 3.6 ZIP beside the report PDF) and staff acknowledgements of a data file's warnings, kept per
//! file so that a new upload is checked afresh.
use sea_orm_migration::prelude::*;

use super::schema::{add_order_file_type, id, remove_file_type, timestamp, unique_index};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ReportAcknowledgements {
    Table,
    Id,
    OrderId,
    FileId,
    Code,
    UserId,
    AcknowledgedAt,
}

/// The id of the "Appraisal Data File" file type.
pub const DATA_FILE_TYPE_ID: i32 = 27;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        add_order_file_type(m, DATA_FILE_TYPE_ID, "Appraisal Data File").await?;
        use ReportAcknowledgements as A;
        m.create_table(
            Table::create()
                .table(A::Table)
                .col(id(A::Id))
                .col(ColumnDef::new(A::OrderId).big_integer().not_null())
                .col(ColumnDef::new(A::FileId).big_integer().not_null())
                .col(ColumnDef::new(A::Code).string_len(40).not_null())
                .col(ColumnDef::new(A::UserId).integer().not_null())
                .col(timestamp(A::AcknowledgedAt))
                .take(),
        )
        .await?;
        unique_index(m, "ux_report_acknowledgements_file_code", A::Table, [A::FileId, A::Code])
            .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(ReportAcknowledgements::Table).take()).await?;
        remove_file_type(m, DATA_FILE_TYPE_ID).await
    }
}
