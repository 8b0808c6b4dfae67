//! An appraiser's year-end tax record for the 1099-NEC: legal name, tax address, and the tax
//! identification number sealed at rest (with the id of the key that sealed it) beside its last
//! four digits for display.
use sea_orm_migration::prelude::*;

use super::schema::{drop_tables, timestamp};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum AppraiserTaxRecords {
    Table,
    UserId,
    LegalName,
    TaxAddress,
    TaxIdKind,
    TaxIdLast4,
    TaxIdSealed,
    TaxIdKey,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        use AppraiserTaxRecords as T;
        m.create_table(
            Table::create()
                .table(T::Table)
                .col(ColumnDef::new(T::UserId).integer().not_null().primary_key())
                .col(ColumnDef::new(T::LegalName).string_len(200).null())
                .col(ColumnDef::new(T::TaxAddress).string_len(400).null())
                .col(ColumnDef::new(T::TaxIdKind).string_len(3).null())
                .col(ColumnDef::new(T::TaxIdLast4).string_len(4).null())
                .col(ColumnDef::new(T::TaxIdSealed).text().null())
                .col(ColumnDef::new(T::TaxIdKey).string_len(16).null())
                .col(timestamp(T::UpdatedAt))
                .take(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(m, [AppraiserTaxRecords::Table.into_iden()]).await
    }
}
