//! Delivery records: the UCDP / EAD submission of an order (Doc File IDs and status, with the
//! submission summary report as a kind of order file), and the borrower's copy of the appraisal
//! (a link valid for a time, its logged downloads, or a recorded waiver).
use sea_orm_migration::prelude::*;

use super::schema::{add_order_file_type, drop_tables, id, index, remove_file_type, timestamp};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum UcdpSubmissions {
    Table,
    OrderId,
    FannieDocFileId,
    FreddieDocFileId,
    Status,
    UserId,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum BorrowerCopies {
    Table,
    Id,
    OrderId,
    TokenHash,
    Email,
    FileId,
    SentBy,
    SentAt,
    ExpiresAt,
}

#[derive(DeriveIden)]
enum BorrowerCopyDownloads {
    Table,
    Id,
    CopyId,
    DownloadedAt,
    Ip,
}

#[derive(DeriveIden)]
enum BorrowerCopyWaivers {
    Table,
    OrderId,
    Reason,
    UserId,
    WaivedAt,
}

/// The id of the "UCDP Submission Summary Report" file type.
pub const SUBMISSION_SUMMARY_FILE_TYPE_ID: i32 = 28;

async fn create_ucdp(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    add_order_file_type(m, SUBMISSION_SUMMARY_FILE_TYPE_ID, "UCDP Submission Summary Report")
        .await?;
    use UcdpSubmissions as U;
    m.create_table(
        Table::create()
            .table(U::Table)
            .col(ColumnDef::new(U::OrderId).big_integer().not_null().primary_key())
            .col(ColumnDef::new(U::FannieDocFileId).string_len(10).null())
            .col(ColumnDef::new(U::FreddieDocFileId).string_len(10).null())
            .col(ColumnDef::new(U::Status).string_len(12).not_null())
            .col(ColumnDef::new(U::UserId).integer().not_null())
            .col(timestamp(U::UpdatedAt))
            .take(),
    )
    .await
}

async fn create_borrower_copies(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    use BorrowerCopies as C;
    m.create_table(
        Table::create()
            .table(C::Table)
            .col(id(C::Id))
            .col(ColumnDef::new(C::OrderId).big_integer().not_null())
            .col(ColumnDef::new(C::TokenHash).string_len(64).not_null().unique_key())
            .col(ColumnDef::new(C::Email).string_len(254).not_null())
            .col(ColumnDef::new(C::FileId).big_integer().not_null())
            .col(ColumnDef::new(C::SentBy).integer().not_null())
            .col(timestamp(C::SentAt))
            .col(timestamp(C::ExpiresAt))
            .take(),
    )
    .await?;
    index(m, "ix_borrower_copies_order", C::Table, [C::OrderId]).await?;
    use BorrowerCopyDownloads as D;
    m.create_table(
        Table::create()
            .table(D::Table)
            .col(id(D::Id))
            .col(ColumnDef::new(D::CopyId).big_integer().not_null())
            .col(timestamp(D::DownloadedAt))
            .col(ColumnDef::new(D::Ip).string_len(64).null())
            .take(),
    )
    .await?;
    index(m, "ix_borrower_copy_downloads_copy", D::Table, [D::CopyId]).await?;
    use BorrowerCopyWaivers as W;
    m.create_table(
        Table::create()
            .table(W::Table)
            .col(ColumnDef::new(W::OrderId).big_integer().not_null().primary_key())
            .col(ColumnDef::new(W::Reason).text().not_null())
            .col(ColumnDef::new(W::UserId).integer().not_null())
            .col(timestamp(W::WaivedAt))
            .take(),
    )
    .await
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        create_ucdp(m).await?;
        create_borrower_copies(m).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(
            m,
            [
                BorrowerCopyWaivers::Table.into_iden(),
                BorrowerCopyDownloads::Table.into_iden(),
                BorrowerCopies::Table.into_iden(),
                UcdpSubmissions::Table.into_iden(),
            ],
        )
        .await?;
        remove_file_type(m, SUBMISSION_SUMMARY_FILE_TYPE_ID).await
    }
}
