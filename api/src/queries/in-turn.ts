/**
 * A row's time in a multi-row insert whose rows are numbered `n` from 1 out of the array $2: rows
 * written in the same microsecond would tie (the ledger is read by time, then by random id), so
 * each row is dated a microsecond per row still to come before its own clock, which keeps them in
 * turn and never later than the statement's end.
 */
export const IN_TURN = "clock_timestamp() - make_interval(secs => (cardinality($2) - n) / 1e6)";
