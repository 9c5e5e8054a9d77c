"""Reading a file of game records (docs/record-format.md): where one record ends."""

from companion.engine.record import split_records_at

HEADER = '[Game "High & Tight"]\n[Home "new-york"]\n[Away "texas"]\n'


def test_a_record_of_one_action_with_no_blank_line_ends_at_the_next_opening_tag():
    """A one-action game followed at once by the next game's tags is two records (the
    action sits between two tags, as a stray header line does, but the tag after it opens
    a record), as is one followed by a tag its header holds already."""
    text = HEADER + "home draws 6 defense\n" + HEADER + "home keeps\n"
    assert [start for start, _ in split_records_at(text)] == [1, 5]
    again = '[Home "new-york"]\n[Away "texas"]\nhome draws 6 defense\n[Home "texas"]\n'
    assert [start for start, _ in split_records_at(again + "home keeps\n")] == [1, 4]


def test_a_stray_line_between_two_tags_of_one_header_keeps_the_record_whole():
    """A tag overwritten by a stray line: one record (parse_record names that line), not
    a record cut short and another missing its first tags."""
    text = '[Game "High & Tight"]\n[Home "new-york"]\nstray words\n[Cards "digital"]\n\n' \
        "home draws 6 defense\n"
    assert [start for start, _ in split_records_at(text)] == [1]


def test_a_lone_tag_among_the_actions_stays_in_its_record():
    """A tag line put among a record's actions, an action next, split the record there:
    its first part was blamed on its Result (its actions 'stopped'), the stray tag never
    named. It stays in its record, whose reading names its line; a tag that opens a
    record, or one followed by more tags, still starts the next record."""
    actions = "home draws 6 defense\nhome keeps\n"
    text = HEADER + actions + '[Comment "x"]\n' + "away draws 6 defense\n"
    assert [start for start, _ in split_records_at(text)] == [1]
    opened = HEADER + actions + '[Game "High & Tight"]\n' + "home keeps\n"
    assert [start for start, _ in split_records_at(opened)] == [1, 6]
    headed = HEADER + actions + '[Home "new-york"]\n[Away "texas"]\n' + "home keeps\n"
    assert [start for start, _ in split_records_at(headed)] == [1, 6]
