package dev.outbox.jdbc;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import dev.outbox.MessageState;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Cuts the scan of the due index into windows, so that a claim looks at a bounded number of due rows.
 *
 * <p>A due row whose ordering key has an earlier unsent row is not claimable, and a backlog of one
 * key is nearly all such rows. A claim that asked the database for its rows over the whole due range
 * would step over every one of them, each with its ordering check, to find the few it can take, and
 * would do so again on every claim. Instead a claim first reads, from the due index alone, where the
 * window of its next {@value #ROWS_PER_CLAIMED_ROW} rows per wanted row ends, and claims within it;
 * only when a full window held nothing it could take (every row held back by its key, or locked by
 * another instance) does it go on to the next window.
 */
final class DueWindows {

    /** How many due rows a claim looks at per row it wants. */
    static final int ROWS_PER_CLAIMED_ROW = 2;

    private final JdbcTemplate jdbc;

    private final DatabaseDialect dialect;

    DueWindows(JdbcTemplate jdbc, DatabaseDialect dialect) {
        this.jdbc = jdbc;
        this.dialect = dialect;
    }

    /**
     * Claims in one window after another until a claim takes rows or the due rows run out.
     *
     * @param statements the scope's statements
     * @param scope the topics to claim from
     * @param state the state of the rows
     * @param now the current time
     * @param after where the scan starts, or null for the earliest due row
     * @param limit the most rows the claim wants
     * @param within the claim within one window
     * @return the first claim that took rows, or the last one
     */
    Claim claim(OutboxSql.DueStatements statements, ClaimScope scope, MessageState state, Instant now,
            @Nullable DuePosition after, int limit, ClaimWithin within) {
        DuePosition from = after;
        int lost = 0;
        while (true) {
            DuePosition end = end(statements, scope, state, now, from, limit * ROWS_PER_CLAIMED_ROW);
            Claim claim = within.claim(from, end, span(from, end));
            lost += claim.lost();
            if (!claim.claimed().isEmpty() || end == null) {
                return (lost == claim.lost()) ? claim : new Claim(claim.claimed(), lost, claim.last());
            }
            from = end;
        }
    }

    private @Nullable DuePosition end(OutboxSql.DueStatements statements, ClaimScope scope, MessageState state,
            Instant now, @Nullable DuePosition after, int rows) {
        List<Object> arguments = OutboxSql.dueArguments(scope, state, now, span(after, null), rows - 1);
        return this.jdbc.query(statements.windowEnd(after != null), OutboxRows.POSITION, arguments.toArray())
                .stream().findFirst().orElse(null);
    }

    private List<Object> span(@Nullable DuePosition after, @Nullable DuePosition upTo) {
        List<Object> arguments = new ArrayList<>(6);
        if (after != null) {
            arguments.addAll(this.dialect.positionArguments(after));
        }
        if (upTo != null) {
            arguments.addAll(this.dialect.positionArguments(upTo));
        }
        return arguments;
    }

    /**
     * A claim within one window of the due index.
     */
    @FunctionalInterface
    interface ClaimWithin {

        /**
         * @param after where the window starts (exclusive), or null at the earliest due row
         * @param upTo where the window ends (inclusive), or null when it reaches the last due row
         * @param span the arguments of both bounds, in that order
         * @return what the claim took
         */
        Claim claim(@Nullable DuePosition after, @Nullable DuePosition upTo, List<Object> span);
    }
}
