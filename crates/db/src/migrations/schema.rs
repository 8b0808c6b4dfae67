//! The pieces the migrations build with. Each makes exactly the statement a migration would spell
//! out itself, so a migration written with them creates the same schema to the character.
use sea_orm_migration::prelude::*;

/// A `bigint` key the database numbers.
pub fn id(column: impl IntoIden) -> ColumnDef {
    ColumnDef::new(column).big_integer().not_null().auto_increment().primary_key().take()
}

/// An `integer` key the database numbers.
pub fn int_id(column: impl IntoIden) -> ColumnDef {
    ColumnDef::new(column).integer().not_null().auto_increment().primary_key().take()
}

pub fn timestamp(column: impl IntoIden) -> ColumnDef {
    ColumnDef::new(column).timestamp_with_time_zone().not_null().take()
}

pub fn optional_timestamp(column: impl IntoIden) -> ColumnDef {
    ColumnDef::new(column).timestamp_with_time_zone().null().take()
}

#[derive(DeriveIden)]
enum SecurityUsers {
    Table,
    Id,
}

/// A reference to a user whose rows go when the user goes.
pub fn cascade_to_user(table: impl IntoIden, column: impl IntoIden) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, column)
        .to(SecurityUsers::Table, SecurityUsers::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .take()
}

/// One column per statement: SQLite adds no more.
pub async fn add_column(
    m: &SchemaManager<'_>,
    table: impl IntoIden,
    column: ColumnDef,
) -> Result<(), DbErr> {
    m.alter_table(Table::alter().table(table).add_column(column).take()).await
}

/// Adds the columns to the table in the order given.
pub async fn add_columns(
    m: &SchemaManager<'_>,
    table: impl IntoIden,
    columns: impl IntoIterator<Item = ColumnDef>,
) -> Result<(), DbErr> {
    let table = table.into_iden();
    for column in columns {
        add_column(m, table.clone(), column).await?;
    }
    Ok(())
}

pub async fn index(
    m: &SchemaManager<'_>,
    name: &str,
    table: impl IntoIden,
    columns: impl IntoIterator<Item = impl IntoIden>,
) -> Result<(), DbErr> {
    m.create_index(index_of(name, table, columns)).await
}

pub async fn unique_index(
    m: &SchemaManager<'_>,
    name: &str,
    table: impl IntoIden,
    columns: impl IntoIterator<Item = impl IntoIden>,
) -> Result<(), DbErr> {
    m.create_index(index_of(name, table, columns).unique().take()).await
}

fn index_of(
    name: &str,
    table: impl IntoIden,
    columns: impl IntoIterator<Item = impl IntoIden>,
) -> IndexCreateStatement {
    let mut index = Index::create().name(name).table(table).take();
    for column in columns {
        index.col(column.into_iden());
    }
    index
}

pub async fn drop_index(
    m: &SchemaManager<'_>,
    name: &str,
    table: impl IntoIden,
) -> Result<(), DbErr> {
    let mut drop = Index::drop();
    drop.name(name).table(table);
    m.drop_index(drop).await
}

/// Drops the tables in the order given (a table before those it references).
pub async fn drop_tables(
    m: &SchemaManager<'_>,
    tables: impl IntoIterator<Item = DynIden>,
) -> Result<(), DbErr> {
    for table in tables {
        m.drop_table(Table::drop().table(table).take()).await?;
    }
    Ok(())
}

/// Drops the table's columns in the order given, one per statement as SQLite needs.
pub async fn drop_columns(
    m: &SchemaManager<'_>,
    table: impl IntoIden,
    columns: impl IntoIterator<Item = impl IntoIden>,
) -> Result<(), DbErr> {
    let table = table.into_iden();
    for column in columns {
        m.alter_table(Table::alter().table(table.clone()).drop_column(column).take()).await?;
    }
    Ok(())
}

#[derive(DeriveIden, Clone, Copy)]
pub enum FileTypes {
    Table,
    Id,
    Description,
    Scope,
    IsReport,
}

/// A kind of order file that does not move the order into review when uploaded.
pub async fn add_order_file_type(
    m: &SchemaManager<'_>,
    id: i32,
    description: &str,
) -> Result<(), DbErr> {
    let mut insert = Query::insert();
    insert
        .into_table(FileTypes::Table)
        .columns([FileTypes::Id, FileTypes::Description, FileTypes::Scope, FileTypes::IsReport])
        .values_panic([id.into(), description.into(), "ORDER".into(), false.into()]);
    m.exec_stmt(insert).await
}

pub async fn remove_file_type(m: &SchemaManager<'_>, id: i32) -> Result<(), DbErr> {
    let mut delete = Query::delete();
    delete.from_table(FileTypes::Table).and_where(Expr::col(FileTypes::Id).eq(id));
    m.exec_stmt(delete).await
}
