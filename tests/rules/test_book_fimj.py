"""Every player's hand of the FIMJ Italian variant counted from its tiles (docs/rules.md §7.3):
each value of seed 001 a case quoting it. The player sits South in the East round."""

import pytest

from rules import RuleError, classic
from rules.tiles import parse
from tests.rules.book import LOOSE13, count

FIMJ = [
    (
        "three pungs of heads",
        "Raddoppi",
        "Tre tris o tris/poker di Teste: 1 raddoppio",
        "[999m] [111p] [999s] 25m 36p",
        {},
        12,
        1,
        20,
    ),
    (
        "four pungs of heads",
        "Raddoppi",
        "Quattro tris o tris/poker di Teste: 2 raddoppi",
        "[999m] [111p] [999s] [111s] 5m",
        {},
        16,
        2,
        60,
    ),
    (
        "three pungs of one number",
        "Raddoppi",
        "Tre tris o tris/poker dello stesso valore numerico ma di semi differenti: 1 raddoppio",
        "[555m] [555p] [555s] 19m 28p",
        {},
        6,
        1,
        10,
    ),
    (
        "three concealed pungs",
        "Raddoppi",
        "Tre tris o tris/poker coperti: 1 raddoppio.",
        "222m 444p 666s 19m 28p",
        {},
        12,
        1,
        20,
    ),
    (
        "four concealed pungs",
        "Raddoppi",
        "Quattro tris coperti: 2 raddoppi.",
        "222m 444p 666s 888s 1m",
        {},
        16,
        2,
        60,
    ),
    (
        "three chows of one number",
        "Raddoppi",
        "Tre serie degli stessi valori numerici (1 - 9) ma di semi differenti: 1 raddoppio.",
        "123m 123p 123s 999p 5z",
        {},
        8,
        1,
        20,
    ),
    (
        "four chows of one number",
        "Raddoppi",
        "Quattro serie degli stessi valori numerici (1 - 9) ma di semi differenti: 2 raddoppi.",
        "123m 123p 123s 123m 5p +5p",
        {},
        22,
        3,
        180,
    ),  # + the no points hand
    (
        "three identical chows",
        "Raddoppi",
        "Tre scale identiche (stessi valori, stesso seme): 2 raddoppi.",
        "123m 123m 123m 456s 5p +5p",
        {},
        22,
        3,
        180,
    ),
    (
        "four identical chows",
        "Raddoppi",
        "Quattro scale identiche (stessi valori, stesso seme): 4 raddoppi.",
        "123m 123m 123m 123m 5p +5p",
        {},
        22,
        5,
        700,
    ),
    (
        "snake",
        "Raddoppi",
        "Serpente - tre serie di valori numerici progressivi, di qualsiasi seme: 1 raddoppio.",
        "123m 456p 789s 234s 5p +5p",
        {},
        22,
        2,
        90,
    ),
    (
        "snake of one suit",
        "Raddoppi",
        "Serpente di colore - tre serie di valori progressivi dello stesso seme: 2 raddoppi.",
        "123m 456m 789m 234s 5p +5p",
        {},
        22,
        3,
        180,
    ),
    (
        "chained snake",
        "Raddoppi",
        "Serpente incatenato - Quattro scale di valori progressivi, concatenate alle estremità, "
        "di qualsiasi seme: 2 raddoppi.",
        "123m 345p 567s 789s 5p +5p",
        {},
        20,
        3,
        160,
    ),
    (
        "chained snake of one suit",
        "Raddoppi",
        "Serpente incatenato di colore - quattro scale di valori numerici progressivi, "
        "concatenate alle estremità e dello stesso seme: 3 raddoppi.",
        "123m 345m 567m 789m 5p +5p",
        {},
        22,
        4,
        350,
    ),
    (
        "own season",
        "Raddoppi",
        "Stagione o Fiore del giocatore: 1 raddoppio l'uno",
        LOOSE13,
        {"seasons": (2,)},
        4,
        1,
        10,
    ),
    (
        "bouquet of flowers",
        "Raddoppi",
        "Serie completa di quattro Stagioni o di quattro Fiori (bouquet): 2 raddoppi l'uno. "
        "[nelle regole europee: 3 raddoppi l'uno]",
        LOOSE13,
        {"flowers": (1, 2, 3, 4)},
        16,
        3,
        130,
    ),
    # -- Raddoppi per chi chiude la mano
    (
        "no points hand",
        "Raddoppi per chi chiude la mano",
        "Mano povera - mano di tutte serie (scale) più una coppia priva di valore: 1 raddoppio",
        "123m 456p 678s 234s 3z +3z",
        {},
        22,
        1,
        40,
    ),
    (
        "minor tiles only",
        "Raddoppi per chi chiude la mano",
        "Mano di soli pezzi minori (priva di Teste): 1 raddoppio.",
        "[234m] [456p] 678s 555s 3p +3p",
        {},
        26,
        1,
        50,
    ),
    (
        "pure hand",
        "Raddoppi per chi chiude la mano",
        "Mano pura - mano formata da pezzi di un unico seme più Onori: 1 raddoppio",
        "123m 345m 789m 333z 4z +4z",
        {},
        30,
        1,
        60,
    ),
    (
        "purest hand",
        "Raddoppi per chi chiude la mano",
        "Mano purissima (o colore) - mano interamente formata da pezzi di un unico seme, senza "
        "Onori: 3 raddoppi",
        "[123m] [345m] [678m] 999m 5m +5m",
        {},
        30,
        3,
        240,
    ),
    (
        "all pungs of heads",
        "Raddoppi per chi chiude la mano",
        "Mano di tutti tris (o tris e poker) di Teste: 4 raddoppi (comprende 'quattro tris di "
        "Teste' e 'tutti tris')",
        "[111m] [999p] [111s] 999s 1p +1p",
        {},
        42,
        4,
        670,
    ),
    (
        "seven pairs",
        "Raddoppi per chi chiude la mano",
        "Mano speciale formata da sette coppie: 2 raddoppi",
        "11m 33m 55p 77p 22s 44s 6s +6s",
        {},
        22,
        2,
        90,
    ),
    (
        "riichi",
        "Raddoppi per chi chiude la mano",
        "Vittoria dopo aver chiamato il Riichi: 1 raddoppio",
        "123m 456p 678s 234s 3z +3z",
        {"riichi": True},
        22,
        2,
        90,
    ),
    (
        "all drawn from the wall",
        "Raddoppi per chi chiude la mano",
        "Mano interamente pescata dal muro: 1 raddoppio",
        "123m 456p 678s 234s 3z +3z",
        {"self_drawn": True},
        24,
        2,
        100,
    ),
    (
        "a tile from the roof",
        "Raddoppi per chi chiude la mano",
        "Vittoria con un pezzo pescato dal tetto: 1 raddoppio",
        "{2222m} 456p 678s 234s 3z +3z",
        {"self_drawn": True, "kong_replacement": True},
        38,
        2,
        150,
    ),
    (
        "golden cockerel",
        "Raddoppi per chi chiude la mano",
        "Gallo d'oro - Vittoria col 5 di Cerchi ('5 Palle') dal tetto: 2 raddoppi (uno dei quali "
        "per aver chiuso con un pezzo dal tetto)",
        "{2222m} 678s 234s 11z 46p +5p",
        {"self_drawn": True, "kong_replacement": True},
        40,
        3,
        320,
    ),
    (
        "robbing a kong",
        "Raddoppi per chi chiude la mano",
        "Vittoria con un pezzo rubato ad un poker scoperto avversario: 1 raddoppio",
        "[999p] 456p 678s 55s 67m +8m",
        {"robbing_kong": True},
        24,
        1,
        50,
    ),
    (
        "within the fifteenth",
        "Raddoppi per chi chiude la mano",
        "Entro la quindicesima - vittoria entro il 15° scarto (turno di gioco) incluso: 1 raddoppio.",
        "[999p] 456p 678s 55s 67m +8m",
        {"within_fifteen": True},
        24,
        1,
        50,
    ),
    (
        "the last tile of the wall",
        "Raddoppi per chi chiude la mano",
        "Vittoria con l'ultimo pezzo del muro attivo: 1 raddoppio",
        "[999p] 456p 678s 55s 67m +8m",
        {"self_drawn": True, "last_of_wall": True},
        26,
        1,
        50,
    ),
    (
        "the last discard",
        "Raddoppi per chi chiude la mano",
        "Vittoria con l'ultimo scarto disponibile: 1 raddoppio",
        "[999p] 456p 678s 55s 67m +8m",
        {"last_discard": True},
        24,
        1,
        50,
    ),
    (
        "bottled up",
        "Raddoppi per chi chiude la mano",
        "Imbottigliato - vittoria formando la coppia finale, avendo già quattro combinazioni "
        "esposte: 1 raddoppio",
        "[222p] [456p] [678s] [234s] 3z +3z",
        {},
        24,
        1,
        50,
    ),
    (
        "last copy",
        "Raddoppi per chi chiude la mano",
        "Ultimo pezzo - vittoria con l'ultimo esemplare dell'unico pezzo possibile: 1 raddoppio",
        "[999p] 456p 678s 55s 67m +8m",
        {"last_copy": True},
        26,
        1,
        50,
    ),
]


@pytest.mark.parametrize(
    ("case", "section", "quote", "hand", "kwargs", "points", "doubles", "score"),
    FIMJ,
    ids=[case[0] for case in FIMJ],
)
def test_fimj_values_of_seed_001(case, section, quote, hand, kwargs, points, doubles, score):
    result = count("fimj", hand, **kwargs)
    assert (result.points, result.doubles, result.score) == (points, doubles, score), (
        section,
        quote,
        result.items,
    )
    assert result.limit_tier is None


# "Mani limite ... la Federazione non fissa un punteggio preciso, ma suggerisce una forchetta"
FIMJ_LIMITS = [
    (
        "Little snake",
        1,
        "Piccolo serpente - Mano speciale formata da tre serie dall'1 al 9 di un "
        "unico seme, uno di ciascuno dei quattro venti più un drago qualsiasi (non c'è coppia): "
        "1000~2000 punti",
        "123456789m 1234z +5z",
        {},
    ),
    (
        "Seven pairs of heads",
        2,
        "Tutte coppie di Testa - mano speciale formata da sette coppie di Teste: 2000~4000 punti",
        "11m 99m 11p 99p 11z 55z 6z +6z",
        {},
    ),
    (
        "Seven pairs of one suit",
        2,
        "Tutte coppie di colore - mano speciale formata da sette "
        "coppie dello stesso seme: 2000~4000 punti",
        "11m 33m 55m 77m 22m 44m 6m +6m",
        {},
    ),
    (
        "Siamese snakes",
        2,
        "Serpenti siamesi - mano speciale composta dall'1 al 7 di due diversi "
        "semi (non c'è coppia): 2000 ~ 4000 punti",
        "1234567m 123456p +7p",
        {},
    ),
    (
        "Dragon snake",
        2,
        "Serpente dei draghi - mano speciale composta da 1, 4, 7 di un seme, 2, "
        "5, 8 di un altro, 3, 6, 9 di un terzo, uno ciascuno dei draghi più coppia di vento del "
        "giocatore o del giro: 2000~4000 punti",
        "147m 258p 369s 567z 2z +2z",
        {},
    ),
    (
        "Gathering of dragons",
        2,
        "Raduno di draghi - mano contenente un tris o poker di ciascun "
        "drago, più una combinazione e una coppia qualsiasi: 2000~4000 punti",
        "555z 666z 777z 123m 4p +4p",
        {},
    ),
    (
        "Four blessings of the house",
        2,
        "Quattro benedizioni della casa - mano contenente un tris "
        "o poker di venti diversi, una combinazione qualsiasi e coppia del quarto vento: "
        "2000~4000 punti",
        "111z 222z 333z 123m 4z +4z",
        {},
    ),
    (
        "Thirteen marvellous lanterns",
        2,
        "Tredici lanterne meravigliose - mano speciale contenente "
        "le tredici Teste diverse più una doppia come coppia: 2000~4000 punti",
        "19m 19p 19s 1234567z +1m",
        {},
    ),
    (
        "Exit of the gods",
        3,
        "Uscita degli dei - mano qualsiasi realizzata da Est già con i 14 "
        "pezzi presi dal muro nella distribuzione iniziale, o da un altro giocatore raccogliendo il "
        "primo scarto di Est: 3000~6000 punti",
        "123m 456p 789s 234s 5p +5p",
        {"first_hand": True},
    ),
    (
        "All kongs",
        3,
        "Tutto kong - mano contenente quattro poker coperti e/o scoperti più coppia "
        "qualsiasi: 3000~6000 punti",
        "[1111m] [2222p] [3333s] [4444s] 5z +5z",
        {},
    ),
    (
        "House full of nine tiles",
        3,
        "Casa piena dei nove pezzi - mano speciale composta da tris "
        "di 1 e di 9, una serie dal 2 all'8 più uno qualsiasi dei pezzi suddetti doppio, come "
        "coppia: 3000~6000 punti",
        "1112345678999m +5m",
        {},
    ),
]
TIER_RANGES = {1: (1000, 2000), 2: (2000, 4000), 3: (3000, 6000)}


@pytest.mark.parametrize(
    ("name", "tier", "quote", "hand", "kwargs"), FIMJ_LIMITS, ids=[c[0] for c in FIMJ_LIMITS]
)
def test_fimj_limit_hands_and_their_tiers(name, tier, quote, hand, kwargs):
    result = count("fimj", hand, **kwargs)
    assert (result.limit_hand, result.limit_tier) == (name, tier), quote
    low, high = TIER_RANGES[tier]
    assert low <= result.score <= high
    assert result.score == classic.FIMJ.tier_values()[tier - 1]
    richer = classic.FIMJ.__class__(**{f"limit_tier_{tier}": high})
    assert (
        classic.count_points(
            parse(hand),
            variant="fimj",
            options=richer,
            **(
                {"mahjong": True, "self_drawn": False, "seat_wind": 1, "prevalent_wind": 0} | kwargs
            ),
        ).score
        == high
    )


def test_fimj_riichi_waits_on_one_tile():
    # "Il giocatore a cui manca un solo pezzo per chiudere e può vincere con un unico pezzo, se
    # vuole può dichiarare tale condizione (Riichi)"
    with pytest.raises(RuleError, match="false riichi"):
        count("fimj", "[222p] 456p 678s 55s 67m +8m", riichi=True)


def test_fimj_keeps_the_european_limit_and_doubles_unless_it_replaces_them():
    # "L'attribuzione dei punti di mano per tris, poker e coppie è la stessa delle regole europee"
    south = count("fimj", "{8888m} 777z [111z] 99p 24s", seat_wind=1)
    assert (south.points, south.doubles) == (28, 2)  # the dragons' and the prevalent wind's
    # "Il limite dei punti ... la FIMJ consiglia di fissarlo a 1000-2000 punti"
    assert count("fimj", "{5555z} {6666z} 999p 123m 7z +7z").score == 1000
