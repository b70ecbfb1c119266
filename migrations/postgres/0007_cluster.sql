-- Several nodes behind one address (`backroom serve --node NAME`): each
-- table is served by the one node holding its lease. A node is alive while
-- its heartbeat (the database's clock, never a node's) is younger than the
-- lease time; a lease whose node is not alive may be taken, which raises
-- its epoch. Every commit of a move names the epoch it was made under and
-- locks the lease row, so a node that lost the lease (a partition, a
-- paused process) can never add a move again. Single-node servers never
-- touch these tables.
CREATE TABLE nodes (
    id           UUID PRIMARY KEY,         -- a fresh id per process start
    name         TEXT NOT NULL,
    started_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    heartbeat_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE table_leases (
    lobby_id  UUID PRIMARY KEY,
    node_id   UUID,                        -- NULL: free (handed over, or its node shut down)
    epoch     BIGINT NOT NULL,             -- raised by every change of owner
    wanted_by UUID,                        -- a node the proxy now sends this table to
    taken_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX table_leases_node ON table_leases (node_id);
