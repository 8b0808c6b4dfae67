//! Download links e-mailed to a lender's people who have no portal login: one per delivered file,
//! valid for a time, for one order only, each download logged.
use sea_orm_migration::prelude::*;

use super::schema::{drop_tables, id, index, timestamp};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum DocumentLinks {
    Table,
    Id,
    TokenHash,
    OrderId,
    FileId,
    CreatedAt,
    ExpiresAt,
}

#[derive(DeriveIden)]
enum DocumentLinkDownloads {
    Table,
    Id,
    LinkId,
    DownloadedAt,
    Ip,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        use DocumentLinks as L;
        m.create_table(
            Table::create()
                .table(L::Table)
                .col(id(L::Id))
                .col(ColumnDef::new(L::TokenHash).string_len(64).not_null().unique_key())
                .col(ColumnDef::new(L::OrderId).big_integer().not_null())
                .col(ColumnDef::new(L::FileId).big_integer().not_null())
                .col(timestamp(L::CreatedAt))
                .col(timestamp(L::ExpiresAt))
                .take(),
        )
        .await?;
        index(m, "ix_document_links_order", L::Table, [L::OrderId]).await?;
        use DocumentLinkDownloads as D;
        m.create_table(
            Table::create()
                .table(D::Table)
                .col(id(D::Id))
                .col(ColumnDef::new(D::LinkId).big_integer().not_null())
                .col(timestamp(D::DownloadedAt))
                .col(ColumnDef::new(D::Ip).string_len(64).null())
                .take(),
        )
        .await?;
        index(m, "ix_document_link_downloads_link", D::Table, [D::LinkId]).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(m, [DocumentLinkDownloads::Table.into_iden(), DocumentLinks::Table.into_iden()])
            .await
    }
}
