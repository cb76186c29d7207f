"""Monte Carlo estimates: seeded, reproducible, and in agreement with the exact values."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from fivecrowns_lab.core.rules import hand_size, is_wild
from fivecrowns_lab.odds.counting import wild_count_distribution
from fivecrowns_lab.odds.probability import (
    Estimate,
    ProbabilityError,
    deal,
    expected_penalty,
    first_turn_go_out,
    go_out_on_deal,
    sample_wild_counts,
)
from fivecrowns_lab.odds.stats import StatsError, mean_interval, t_quantile, wilson_interval


@pytest.mark.parametrize("round_no", [1, 2, 3, 4, 5])
def test_simulated_going_out_on_the_deal_agrees_with_the_exact_value(round_no):
    exact = go_out_on_deal(round_no)
    estimate = go_out_on_deal(round_no, method="simulate", n=3000, seed=round_no)
    assert isinstance(estimate.probability, float)
    assert estimate.ci[0] <= estimate.probability <= estimate.ci[1]
    assert estimate.contains(exact.probability), (str(exact), str(estimate))


@pytest.mark.parametrize("round_no", [1, 2, 3, 4])
def test_simulated_first_turn_agrees_with_the_exact_value(round_no):
    exact = first_turn_go_out(round_no)
    estimate = first_turn_go_out(round_no, method="simulate", n=1500, seed=10 + round_no)
    assert estimate.contains(exact.probability), (str(exact), str(estimate))


@pytest.mark.parametrize("round_no", [1, 2, 3, 4, 5, 6, 7])
def test_simulated_expected_penalty_agrees_with_the_exact_value(round_no):
    exact = expected_penalty(round_no)
    estimate = expected_penalty(round_no, method="simulate", n=1500, seed=20 + round_no)
    assert estimate.contains(exact.value), (str(exact), str(estimate))


def test_simulated_wild_counts_agree_with_the_exact_mean():
    counts = sample_wild_counts(11, 4000, seed=5)
    exact_mean = sum(k * p for k, p in wild_count_distribution(11).items())
    mean = sum(counts) / len(counts)
    sd = (sum((c - mean) ** 2 for c in counts) / (len(counts) - 1)) ** 0.5
    low, high = mean_interval(mean, sd, len(counts))
    assert low <= exact_mean <= high


def test_every_simulation_is_reproducible_from_its_seed():
    assert go_out_on_deal(7, method="simulate", n=300, seed=3) == go_out_on_deal(
        7, method="simulate", n=300, seed=3
    )
    assert first_turn_go_out(6, "simulate", 200, 4) == first_turn_go_out(6, "simulate", 200, 4)
    assert expected_penalty(9, "simulate", 100, 5) == expected_penalty(9, "simulate", 100, 5)
    assert sample_wild_counts(5, 50, seed=6) == sample_wild_counts(5, 50, seed=6)
    assert deal(11, seed=8) == deal(11, seed=8)
    assert sample_wild_counts(5, 50, seed=6) != sample_wild_counts(5, 50, seed=7)


def test_a_shared_generator_keeps_dealing_where_it_stopped():
    rng = random.Random(9)
    first, second = sample_wild_counts(4, 30, rng), sample_wild_counts(4, 30, rng)
    assert first + second == sample_wild_counts(4, 60, seed=9)


def test_sampled_wild_counts_count_jokers_and_the_wild_rank():
    rng = random.Random(1)
    hand = deal(6, seed=rng)
    assert len(hand) == hand_size(6)
    counts = sample_wild_counts(6, 1, seed=random.Random(1))
    assert counts == [sum(is_wild(c, 6) for c in hand)]


def test_simulation_works_for_rounds_beyond_the_exact_table():
    estimate = go_out_on_deal(11, method="simulate", n=200, seed=1)
    assert estimate.method == "simulate" and estimate.trials == 200
    assert 0 <= estimate.ci[0] <= estimate.ci[1] <= 1
    assert "95% CI" in str(estimate)


def test_exact_estimate_is_a_fraction_with_a_point_interval():
    exact = go_out_on_deal(2)
    assert isinstance(exact, Estimate) and exact.exact
    assert isinstance(exact.probability, Fraction)
    assert exact.ci == (float(exact.probability), float(exact.probability))
    assert "exactly" in str(exact)


@pytest.mark.parametrize("bad", [0, 1, -5, 2.5, True])
def test_a_simulation_needs_at_least_two_deals(bad):
    with pytest.raises(ProbabilityError, match="at least 2 deals"):
        go_out_on_deal(3, method="simulate", n=bad)


def test_unknown_method_is_named_in_the_error():
    with pytest.raises(ProbabilityError, match="'guess'"):
        go_out_on_deal(3, method="guess")


# -- intervals ---------------------------------------------------------------------------------


def test_wilson_interval_contains_the_proportion_and_stays_in_0_1():
    for hits, n in [(0, 10), (10, 10), (3, 10), (500, 1000)]:
        low, high = wilson_interval(hits, n)
        assert 0 <= low <= hits / n <= high <= 1


def test_wilson_interval_covers_about_95_percent_of_seeded_experiments():
    rng = random.Random(2)
    p, n = 0.1, 200
    covered = 0
    for _ in range(400):
        hits = sum(rng.random() < p for _ in range(n))
        low, high = wilson_interval(hits, n)
        covered += low <= p <= high
    assert 0.91 <= covered / 400 <= 0.99


def test_t_quantile_approaches_the_normal_quantile():
    assert t_quantile(1) > t_quantile(10) > t_quantile(100) > 1.96
    assert abs(t_quantile(10_000) - 1.95996) < 0.001


@pytest.mark.parametrize(("hits", "n"), [(1, 0), (5, 3), (-1, 4)])
def test_impossible_counts_have_no_interval(hits, n):
    with pytest.raises(StatsError):
        wilson_interval(hits, n)


def test_probability_engine_imports_no_widget_or_plotting_library():
    import subprocess
    import sys

    code = (
        "import sys\n"
        "import fivecrowns_lab.odds.probability, fivecrowns_lab.odds.counting\n"
        "import fivecrowns_lab.odds.outs\n"
        "import fivecrowns_lab.odds.strategy, fivecrowns_lab.odds.stats\n"
        "import fivecrowns_lab.lessons\n"
        "fivecrowns_lab.odds.probability.go_out_on_deal(2)\n"
        "bad = [m for m in ('ipywidgets', 'anywidget', 'matplotlib') if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


# The 99.9% two-sided normal quantile: the exact value of each round 6-11 must lie in the
# Wilson interval of a seeded simulation at this level (benchmarks/probability.py runs the
# same check with 200,000 deals per round).
Z999 = 3.2905267314919255


@pytest.mark.parametrize("round_no", [6, 7, 8, 9, 10, 11])
def test_swept_exact_go_out_lies_in_a_99_9_percent_interval_of_a_seeded_simulation(round_no):
    exact = go_out_on_deal(round_no)
    assert isinstance(exact.probability, Fraction)
    n = 20_000  # about 1 s per round here
    estimate = go_out_on_deal(round_no, method="simulate", n=n, seed=100 + round_no)
    hits = round(estimate.probability * n)
    low, high = wilson_interval(hits, n, z=Z999)
    assert low <= exact.probability <= high, (str(exact), str(estimate))
