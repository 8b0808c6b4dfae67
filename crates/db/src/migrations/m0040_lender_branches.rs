//! A lender is more than one login: its branches, each user's role (and branch), and each order's
//! branch and loan officer. The users a client had before keep what they could do: they become the
//! client's administrators.
use sea_orm_migration::prelude::*;

use super::schema::{
    add_columns, drop_columns, drop_index, drop_tables, index, int_id, timestamp, unique_index,
};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ClientBranches {
    Table,
    Id,
    ClientId,
    Name,
    Active,
    CreatedAt,
}

#[derive(DeriveIden)]
enum ClientUsers {
    Table,
    Role,
    BranchId,
}

#[derive(DeriveIden)]
enum ClientOrders {
    Table,
    ClientId,
    BranchId,
    LoanOfficerId,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        use ClientBranches as B;
        m.create_table(
            Table::create()
                .table(B::Table)
                .col(int_id(B::Id))
                .col(ColumnDef::new(B::ClientId).integer().not_null())
                .col(ColumnDef::new(B::Name).string_len(100).not_null())
                .col(ColumnDef::new(B::Active).boolean().not_null().default(true))
                .col(timestamp(B::CreatedAt))
                .take(),
        )
        .await?;
        unique_index(m, "ux_client_branches_name", B::Table, [B::ClientId, B::Name]).await?;
        let role = ColumnDef::new(ClientUsers::Role)
            .string_len(20)
            .not_null()
            .default("lender_admin")
            .take();
        let branch = ColumnDef::new(ClientUsers::BranchId).integer().null().take();
        add_columns(m, ClientUsers::Table, [role, branch]).await?;
        let branch = ColumnDef::new(ClientOrders::BranchId).integer().null().take();
        let officer = ColumnDef::new(ClientOrders::LoanOfficerId).integer().null().take();
        add_columns(m, ClientOrders::Table, [branch, officer]).await?;
        let branch_orders = [ClientOrders::ClientId, ClientOrders::BranchId];
        index(m, "ix_client_orders_branch", ClientOrders::Table, branch_orders).await?;
        let officer_orders = [ClientOrders::ClientId, ClientOrders::LoanOfficerId];
        index(m, "ix_client_orders_loan_officer", ClientOrders::Table, officer_orders).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_index(m, "ix_client_orders_branch", ClientOrders::Table).await?;
        drop_index(m, "ix_client_orders_loan_officer", ClientOrders::Table).await?;
        let orders = [ClientOrders::BranchId, ClientOrders::LoanOfficerId];
        drop_columns(m, ClientOrders::Table, orders).await?;
        drop_columns(m, ClientUsers::Table, [ClientUsers::Role, ClientUsers::BranchId]).await?;
        drop_tables(m, [ClientBranches::Table.into_iden()]).await
    }
}
