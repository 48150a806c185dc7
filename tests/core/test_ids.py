import time

from core.ids import EPOCH_MS, FlakeGenerator, id_timestamp_ms, new_id


def test_ids_are_unique_increasing_and_carry_their_time():
    generator = FlakeGenerator(machine_id=42)
    ids = [generator.next() for _ in range(10_000)]
    assert len(set(ids)) == len(ids)
    assert ids == sorted(ids)
    assert abs(id_timestamp_ms(ids[-1]) - time.time() * 1000) < 5_000


def test_ids_render_as_19_digit_decimal_strings_like_upstream():
    assert len(str(new_id())) == 19
    assert EPOCH_MS == 1_356_048_000_000
