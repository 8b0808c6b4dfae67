//! A firm's office address, given when staff add the firm.
use sea_orm_migration::prelude::*;

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
        // SQLite adds one column per statement.
        for (column, length) in [
            (C::OfficeAddressLine1, 200),
            (C::OfficeCity, 100),
            (C::OfficeStateCode, 2),
            (C::OfficeZipCode, 10),
        ] {
            m.alter_table(
                Table::alter()
                    .table(C::Table)
                    .add_column(ColumnDef::new(column).string_len(length).null())
                    .take(),
            )
            .await?;
        }
        Ok(())
    }
}
