//! A firm's office address, given when staff add the firm.
use sea_orm_migration::prelude::*;

use super::schema::add_columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy)]
enum AppraisalCompanies {
    Table,
    OfficeAddressLine1,
    OfficeCity,
    OfficeStateCode,
    OfficeZipCode,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        use AppraisalCompanies as C;
        let columns = [
            (C::OfficeAddressLine1, 200),
            (C::OfficeCity, 100),
            (C::OfficeStateCode, 2),
            (C::OfficeZipCode, 10),
        ]
        .map(|(column, length)| ColumnDef::new(column).string_len(length).null().take());
        add_columns(m, C::Table, columns).await
    }
}
