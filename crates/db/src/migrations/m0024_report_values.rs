//! What a data file says, kept when it is uploaded (as JSON), so that showing and checking it does
//! not read and parse the file again.
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ReportValues {
    Table,
    FileId,
    Report,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        use ReportValues as V;
        m.create_table(
            Table::create()
                .table(V::Table)
                .col(ColumnDef::new(V::FileId).big_integer().not_null().primary_key())
                .col(ColumnDef::new(V::Report).text().not_null())
                .take(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(ReportValues::Table).take()).await
    }
}
