//! Clients, the order status reference and orders, with indexes for the dashboard's filters
//! and sorts.
use sea_orm_migration::prelude::*;

use super::schema::{drop_tables, id, index, int_id, optional_timestamp, timestamp};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Clients {
    Table,
    Id,
    CompanyName,
    OfficeAddressLine,
    MainContactName,
    MainContactEmail,
}

#[derive(DeriveIden)]
enum OrderStatuses {
    Table,
    Id,
    Description,
    IsOpen,
    InReview,
}

#[derive(DeriveIden)]
enum Orders {
    Table,
    Id,
    FileNumber,
    LoanNumber,
    BorrowerName,
    PropertyAddressLine1,
    PropertyCity,
    PropertyStateCode,
    PropertyZip,
    PropertyCounty,
    ClientId,
    StatusId,
    AssignedAppraiserId,
    AssignedCompanyId,
    CreatedAt,
    AssignmentActualDate,
    AcceptedAt,
    InspectionActualDate,
    InspectionDueDate,
    AppraiserDueDate,
    IsDesktop,
    AppraiserUnreadMessages,
}

#[derive(DeriveIden)]
enum SecurityUsers {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum AppraisalCompanies {
    Table,
    Id,
}

/// The 41 statuses: (id, description, in review). Closed: 15, 17, 18, 19, 21, 22.
const STATUSES: [(i32, &str); 41] = [
    (1, "UCDP ready to upload"),
    (2, "pending payment"),
    (3, "default"),
    (4, "assigned"),
    (5, "accepted"),
    (6, "in progress"),
    (7, "refer to comments"),
    (8, "left message"),
    (9, "no answer"),
    (10, "on hold"),
    (11, "scheduled"),
    (12, "rescheduled"),
    (13, "inspected"),
    (14, "in review"),
    (15, "completed"),
    (16, "revision requested"),
    (17, "reviewed"),
    (18, "delivered to client"),
    (19, "cancelled"),
    (20, "UCDP fail"),
    (21, "rejected"),
    (22, "invoice created"),
    (23, "lender revision request"),
    (24, "revision requested response"),
    (25, "level 2 QC"),
    (26, "waiting approval"),
    (27, "delayed"),
    (28, "draft"),
    (29, "quote"),
    (30, "pending level 2"),
    (31, "cancel pending"),
    (32, "review escalation"),
    (33, "possible revision"),
    (34, "spot hire"),
    (35, "appraiser delay"),
    (36, "level 3 QC"),
    (37, "document review"),
    (38, "pending delivery"),
    (39, "duplicate review"),
    (40, "chase escalation"),
    (41, "leadership QC"),
];
const CLOSED: [i32; 6] = [15, 17, 18, 19, 21, 22];
const REVIEW: [i32; 11] = [14, 25, 30, 32, 33, 36, 37, 38, 39, 40, 41];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Clients::Table)
                .col(int_id(Clients::Id))
                .col(ColumnDef::new(Clients::CompanyName).string_len(200).not_null())
                .col(ColumnDef::new(Clients::OfficeAddressLine).string_len(300).null())
                .col(ColumnDef::new(Clients::MainContactName).string_len(200).null())
                .col(ColumnDef::new(Clients::MainContactEmail).string_len(254).null())
                .take(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(OrderStatuses::Table)
                .col(ColumnDef::new(OrderStatuses::Id).integer().not_null().primary_key())
                .col(ColumnDef::new(OrderStatuses::Description).string_len(100).not_null())
                .col(ColumnDef::new(OrderStatuses::IsOpen).boolean().not_null())
                .col(ColumnDef::new(OrderStatuses::InReview).boolean().not_null())
                .take(),
        )
        .await?;
        let mut insert = Query::insert();
        insert.into_table(OrderStatuses::Table).columns([
            OrderStatuses::Id,
            OrderStatuses::Description,
            OrderStatuses::IsOpen,
            OrderStatuses::InReview,
        ]);
        for (id, description) in STATUSES {
            insert.values_panic([
                id.into(),
                description.into(),
                (!CLOSED.contains(&id)).into(),
                REVIEW.contains(&id).into(),
            ]);
        }
        m.exec_stmt(insert).await?;

        m.create_table(
            Table::create()
                .table(Orders::Table)
                .col(id(Orders::Id))
                .col(ColumnDef::new(Orders::FileNumber).string_len(20).not_null().unique_key())
                .col(ColumnDef::new(Orders::LoanNumber).string_len(30).null())
                .col(ColumnDef::new(Orders::BorrowerName).string_len(200).not_null())
                .col(ColumnDef::new(Orders::PropertyAddressLine1).string_len(200).not_null())
                .col(ColumnDef::new(Orders::PropertyCity).string_len(100).not_null())
                .col(ColumnDef::new(Orders::PropertyStateCode).string_len(2).not_null())
                .col(ColumnDef::new(Orders::PropertyZip).string_len(10).not_null())
                .col(ColumnDef::new(Orders::PropertyCounty).string_len(100).null())
                .col(ColumnDef::new(Orders::ClientId).integer().null())
                .col(ColumnDef::new(Orders::StatusId).integer().not_null())
                .col(ColumnDef::new(Orders::AssignedAppraiserId).integer().null())
                .col(ColumnDef::new(Orders::AssignedCompanyId).integer().null())
                .col(timestamp(Orders::CreatedAt))
                .col(optional_timestamp(Orders::AssignmentActualDate))
                .col(optional_timestamp(Orders::AcceptedAt))
                .col(optional_timestamp(Orders::InspectionActualDate))
                .col(ColumnDef::new(Orders::InspectionDueDate).date().null())
                .col(ColumnDef::new(Orders::AppraiserDueDate).date().null())
                .col(ColumnDef::new(Orders::IsDesktop).boolean().not_null().default(false))
                .col(
                    ColumnDef::new(Orders::AppraiserUnreadMessages).integer().not_null().default(0),
                )
                .foreign_key(
                    ForeignKey::create()
                        .from(Orders::Table, Orders::ClientId)
                        .to(Clients::Table, Clients::Id),
                )
                .foreign_key(
                    ForeignKey::create()
                        .from(Orders::Table, Orders::StatusId)
                        .to(OrderStatuses::Table, OrderStatuses::Id),
                )
                .foreign_key(
                    ForeignKey::create()
                        .from(Orders::Table, Orders::AssignedAppraiserId)
                        .to(SecurityUsers::Table, SecurityUsers::Id),
                )
                .foreign_key(
                    ForeignKey::create()
                        .from(Orders::Table, Orders::AssignedCompanyId)
                        .to(AppraisalCompanies::Table, AppraisalCompanies::Id),
                )
                .take(),
        )
        .await?;
        // Visibility first (appraiser, firm, or everyone), then the default sort and the status
        // filter.
        for (name, cols) in [
            (
                "ix_orders_appraiser_due",
                vec![Orders::AssignedAppraiserId, Orders::AppraiserDueDate],
            ),
            ("ix_orders_company_due", vec![Orders::AssignedCompanyId, Orders::AppraiserDueDate]),
            ("ix_orders_status_due", vec![Orders::StatusId, Orders::AppraiserDueDate]),
            ("ix_orders_due", vec![Orders::AppraiserDueDate]),
            ("ix_orders_created", vec![Orders::CreatedAt]),
            ("ix_orders_loan", vec![Orders::LoanNumber]),
            ("ix_orders_state_city", vec![Orders::PropertyStateCode, Orders::PropertyCity]),
            ("ix_orders_zip", vec![Orders::PropertyZip]),
        ] {
            index(m, name, Orders::Table, cols).await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(
            m,
            [
                Orders::Table.into_iden(),
                OrderStatuses::Table.into_iden(),
                Clients::Table.into_iden(),
            ],
        )
        .await
    }
}
