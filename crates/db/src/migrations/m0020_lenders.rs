//! Lenders inside the portal: client users belong to one client; every order of a client has a
//! row saying where it came from and when it last changed (so the client's lists page by change);
//! clients and staff exchange messages the appraiser never sees; API keys, idempotent creation,
//! the client's event log (written in the transaction of each change) and webhook endpoints with
//! their deliveries and attempts.
use sea_orm_migration::prelude::*;

use super::schema::{id, index, int_id, optional_timestamp, timestamp, unique_index};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ClientUsers {
    Table,
    UserId,
    ClientId,
}

#[derive(DeriveIden)]
enum ClientOrders {
    Table,
    OrderId,
    ClientId,
    Source,
    PlacedByUserId,
    RequestedDueDate,
    CancelReason,
    CancelRequestedAt,
    UpdatedAt,
    DeliveredAt,
}

#[derive(DeriveIden)]
enum ClientMessages {
    Table,
    Id,
    OrderId,
    FromUserId,
    FromName,
    FromClient,
    Body,
    CreatedAt,
}

#[derive(DeriveIden)]
enum ApiKeys {
    Table,
    Id,
    ClientId,
    Name,
    Prefix,
    KeyHash,
    CreatedByUserId,
    CreatedAt,
    LastUsedAt,
    RevokedAt,
}

#[derive(DeriveIden)]
enum ApiIdempotency {
    Table,
    Id,
    ClientId,
    IdempotencyKey,
    RequestSha256,
    OrderId,
    CreatedAt,
}

#[derive(DeriveIden)]
enum ClientEvents {
    Table,
    Id,
    ClientId,
    OrderId,
    EventType,
    Payload,
    CreatedAt,
}

#[derive(DeriveIden)]
enum WebhookEndpoints {
    Table,
    Id,
    ClientId,
    Url,
    EventTypes,
    Secret,
    CreatedByUserId,
    CreatedAt,
    FailingSince,
    DisabledAt,
}

#[derive(DeriveIden)]
enum WebhookDeliveries {
    Table,
    Id,
    EndpointId,
    EventId,
    Attempts,
    NextAttemptAt,
    LockedUntil,
    DeliveredAt,
    GivenUpAt,
}

#[derive(DeriveIden)]
enum WebhookAttempts {
    Table,
    Id,
    DeliveryId,
    AttemptedAt,
    StatusCode,
    DurationMs,
    Error,
}

#[derive(DeriveIden)]
enum Orders {
    Table,
    Id,
    ClientId,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        use ClientOrders as O;
        m.create_table(
            Table::create()
                .table(ClientUsers::Table)
                .col(ColumnDef::new(ClientUsers::UserId).integer().not_null().primary_key())
                .col(ColumnDef::new(ClientUsers::ClientId).integer().not_null())
                .take(),
        )
        .await?;
        index(m, "ix_client_users_client", ClientUsers::Table, [ClientUsers::ClientId]).await?;
        m.create_table(
            Table::create()
                .table(O::Table)
                .col(ColumnDef::new(O::OrderId).big_integer().not_null().primary_key())
                .col(ColumnDef::new(O::ClientId).integer().not_null())
                .col(ColumnDef::new(O::Source).string_len(20).not_null())
                .col(ColumnDef::new(O::PlacedByUserId).integer().null())
                .col(ColumnDef::new(O::RequestedDueDate).date().null())
                .col(ColumnDef::new(O::CancelReason).text().null())
                .col(optional_timestamp(O::CancelRequestedAt))
                .col(timestamp(O::UpdatedAt))
                .col(optional_timestamp(O::DeliveredAt))
                .take(),
        )
        .await?;
        index(
            m,
            "ix_client_orders_client_updated",
            O::Table,
            [O::ClientId, O::UpdatedAt, O::OrderId],
        )
        .await?;
        // Every order of a client so far came from the staff desk.
        let backfill = Query::insert()
            .into_table(O::Table)
            .columns([O::OrderId, O::ClientId, O::Source, O::UpdatedAt])
            .select_from(
                Query::select()
                    .column(Orders::Id)
                    .column(Orders::ClientId)
                    .expr(Expr::val("staff"))
                    .column(Orders::CreatedAt)
                    .from(Orders::Table)
                    .and_where(Expr::col(Orders::ClientId).is_not_null())
                    .take(),
            )
            .map_err(|e| DbErr::Migration(e.to_string()))?
            .take();
        m.exec_stmt(backfill).await?;

        use ClientMessages as M;
        m.create_table(
            Table::create()
                .table(M::Table)
                .col(id(M::Id))
                .col(ColumnDef::new(M::OrderId).big_integer().not_null())
                .col(ColumnDef::new(M::FromUserId).integer().null())
                .col(ColumnDef::new(M::FromName).string_len(201).not_null())
                .col(ColumnDef::new(M::FromClient).boolean().not_null())
                .col(ColumnDef::new(M::Body).text().not_null())
                .col(timestamp(M::CreatedAt))
                .take(),
        )
        .await?;
        index(m, "ix_client_messages_order", M::Table, [M::OrderId]).await?;

        use ApiKeys as K;
        m.create_table(
            Table::create()
                .table(K::Table)
                .col(int_id(K::Id))
                .col(ColumnDef::new(K::ClientId).integer().not_null())
                .col(ColumnDef::new(K::Name).string_len(100).not_null())
                .col(ColumnDef::new(K::Prefix).string_len(20).not_null())
                .col(ColumnDef::new(K::KeyHash).string_len(64).not_null())
                .col(ColumnDef::new(K::CreatedByUserId).integer().null())
                .col(timestamp(K::CreatedAt))
                .col(optional_timestamp(K::LastUsedAt))
                .col(optional_timestamp(K::RevokedAt))
                .take(),
        )
        .await?;
        unique_index(m, "ux_api_keys_hash", K::Table, [K::KeyHash]).await?;
        index(m, "ix_api_keys_client", K::Table, [K::ClientId]).await?;

        use ApiIdempotency as I;
        m.create_table(
            Table::create()
                .table(I::Table)
                .col(id(I::Id))
                .col(ColumnDef::new(I::ClientId).integer().not_null())
                .col(ColumnDef::new(I::IdempotencyKey).string_len(255).not_null())
                .col(ColumnDef::new(I::RequestSha256).string_len(64).not_null())
                .col(ColumnDef::new(I::OrderId).big_integer().not_null())
                .col(timestamp(I::CreatedAt))
                .take(),
        )
        .await?;
        unique_index(m, "ux_api_idempotency_key", I::Table, [I::ClientId, I::IdempotencyKey])
            .await?;

        use ClientEvents as E;
        m.create_table(
            Table::create()
                .table(E::Table)
                .col(id(E::Id))
                .col(ColumnDef::new(E::ClientId).integer().not_null())
                .col(ColumnDef::new(E::OrderId).big_integer().null())
                .col(ColumnDef::new(E::EventType).string_len(40).not_null())
                .col(ColumnDef::new(E::Payload).text().not_null())
                .col(timestamp(E::CreatedAt))
                .take(),
        )
        .await?;
        index(m, "ix_client_events_client", E::Table, [E::ClientId, E::Id]).await?;

        use WebhookEndpoints as W;
        m.create_table(
            Table::create()
                .table(W::Table)
                .col(int_id(W::Id))
                .col(ColumnDef::new(W::ClientId).integer().not_null())
                .col(ColumnDef::new(W::Url).string_len(2000).not_null())
                .col(ColumnDef::new(W::EventTypes).text().not_null())
                .col(ColumnDef::new(W::Secret).string_len(100).not_null())
                .col(ColumnDef::new(W::CreatedByUserId).integer().null())
                .col(timestamp(W::CreatedAt))
                .col(optional_timestamp(W::FailingSince))
                .col(optional_timestamp(W::DisabledAt))
                .take(),
        )
        .await?;
        index(m, "ix_webhook_endpoints_client", W::Table, [W::ClientId]).await?;

        use WebhookDeliveries as D;
        m.create_table(
            Table::create()
                .table(D::Table)
                .col(id(D::Id))
                .col(ColumnDef::new(D::EndpointId).integer().not_null())
                .col(ColumnDef::new(D::EventId).big_integer().not_null())
                .col(ColumnDef::new(D::Attempts).integer().not_null().default(0))
                .col(optional_timestamp(D::NextAttemptAt))
                .col(optional_timestamp(D::LockedUntil))
                .col(optional_timestamp(D::DeliveredAt))
                .col(optional_timestamp(D::GivenUpAt))
                .take(),
        )
        .await?;
        unique_index(m, "ux_webhook_deliveries", D::Table, [D::EndpointId, D::EventId]).await?;
        index(m, "ix_webhook_deliveries_due", D::Table, [D::NextAttemptAt]).await?;

        use WebhookAttempts as A;
        m.create_table(
            Table::create()
                .table(A::Table)
                .col(id(A::Id))
                .col(ColumnDef::new(A::DeliveryId).big_integer().not_null())
                .col(timestamp(A::AttemptedAt))
                .col(ColumnDef::new(A::StatusCode).integer().null())
                .col(ColumnDef::new(A::DurationMs).integer().not_null())
                .col(ColumnDef::new(A::Error).text().null())
                .take(),
        )
        .await?;
        index(m, "ix_webhook_attempts_delivery", A::Table, [A::DeliveryId]).await
    }
}
