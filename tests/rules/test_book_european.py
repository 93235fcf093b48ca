"""Every player's hand of classic European mahjong counted from its tiles (docs/rules.md §7.3):
each value of seed 004 a case quoting it. The player sits South in the East round unless a case
says otherwise."""

import pytest

from rules import classic
from rules.tiles import parse
from tests.rules.book import LOOSE10, LOOSE11, LOOSE13, count

EUROPEAN = [
    # -- PUNTI DI MANO: "tabella dei punti di mano" (its heading garbled: SCOPERTO twice)
    (
        "exposed pung of simples",
        "PUNTI DI MANO",
        "tris (pung) di pezzi semplici    2 punti    4 punti",
        f"[666m] {LOOSE10}",
        {},
        2,
        0,
        2,
    ),
    (
        "concealed pung of simples",
        "PUNTI DI MANO",
        "tris (pung) di pezzi semplici 4 punti",
        f"666m {LOOSE10}",
        {},
        4,
        0,
        4,
    ),
    (
        "exposed pung of heads",
        "PUNTI DI MANO",
        "tris (pung) di Teste    4 punti    8 punti",
        f"[999m] {LOOSE10}",
        {},
        4,
        0,
        4,
    ),
    (
        "concealed pung of heads",
        "PUNTI DI MANO",
        "tris (pung) di Teste 8 punti",
        f"999m {LOOSE10}",
        {},
        8,
        0,
        8,
    ),
    (
        "exposed kong of simples",
        "PUNTI DI MANO",
        "poker (kong) di pezzi semplici    8 punti  16 punti",
        f"[6666m] {LOOSE10}",
        {},
        8,
        0,
        8,
    ),
    (
        "concealed kong of simples",
        "PUNTI DI MANO",
        "poker (kong) di pezzi semplici 16 punti",
        f"{{6666m}} {LOOSE10}",
        {},
        16,
        0,
        16,
    ),
    (
        "exposed kong of heads",
        "PUNTI DI MANO",
        "poker (kong) di Teste  16 punti  32 punti",
        f"[9999m] {LOOSE10}",
        {},
        16,
        0,
        16,
    ),
    (
        "concealed kong of heads",
        "PUNTI DI MANO",
        "poker (kong) di Teste 32 punti",
        f"{{9999m}} {LOOSE10}",
        {},
        32,
        0,
        32,
    ),
    (
        "a chow is worth nothing",
        "PUNTI DI MANO",
        "serie (scale)    0 punti    0 punti",
        f"[678m] {LOOSE10}",
        {},
        0,
        0,
        0,
    ),
    (
        "pair of dragons",
        "PUNTI DI MANO",
        "coppia ... 2 punti · se di Draghi",
        f"55z {LOOSE11}",
        {},
        2,
        0,
        2,
    ),
    (
        "pair of the seat wind",
        "PUNTI DI MANO",
        "· se di Vento del giocatore",
        f"22z {LOOSE11}",
        {},
        2,
        0,
        2,
    ),
    (
        "pair of the prevalent wind",
        "PUNTI DI MANO",
        "· se di Vento del giro",
        f"11z {LOOSE11}",
        {},
        2,
        0,
        2,
    ),
    (
        "any other pair",
        "PUNTI DI MANO",
        "Qualsiasi altra coppia, invece, vale 0 punti.",
        "99m 147m 258p 369s 4z 6z",
        {},
        0,
        0,
        0,
    ),
    (
        "one valued pair for a player who did not go out",
        "PUNTI DI MANO",
        "Se un giocatore che non chiude la propria mano ha tra i suoi pezzi due o più coppie che "
        "valgono 2 punti, può conteggiarne solo una di esse.",
        "55z 22z 147m 258p 369s",
        {},
        2,
        0,
        2,
    ),
    (
        "a flower and a season",
        "BONUS",
        "Se il giocatore possiede una o più Stagioni e/o Fiori, aggiunge al suo totale 4 punti per "
        "ciascuno di questi pezzi.",
        LOOSE13,
        {"flowers": (3,), "seasons": (4,)},
        8,
        0,
        8,
    ),
    # -- BONUS SOLO PER IL VINCITORE
    (
        "Mahjong",
        "BONUS SOLO PER IL VINCITORE",
        "per aver chiuso la mano: 20 punti",
        "[222p] 456p 789s 55s 67m +8m",
        {},
        22,
        0,
        22,
    ),
    (
        "self-drawn from the live wall",
        "BONUS SOLO PER IL VINCITORE",
        "se vince pescando dal muro attivo il pezzo che gli permette di chiudere la mano: 2 punti",
        "[222p] 456p 789s 55s 67m +8m",
        {"self_drawn": True},
        24,
        0,
        24,
    ),
    (
        "only possible tile: the pair",
        "BONUS SOLO PER IL VINCITORE",
        "se vince con l'unico pezzo possibile: 2 punti ... si chiude la mano formando la coppia",
        "[222p] 456p 789s 678m 5s +5s",
        {},
        24,
        0,
        24,
    ),
    (
        "only possible tile: the middle of a chow",
        "BONUS SOLO PER IL VINCITORE",
        "si chiude col pezzo centrale di una serie, che si 'incastra' tra due valori",
        "[222p] 456p 789s 55s 68m +7m",
        {},
        24,
        0,
        24,
    ),
    (
        "only possible tile: an edge",
        "BONUS SOLO PER IL VINCITORE",
        "si chiude con l'estremo di una serie incompleta, purché non sia bilatera",
        "[222p] 456p 789s 55s 12m +3m",
        {},
        24,
        0,
        24,
    ),
    (
        "two possible tiles: no bonus",
        "BONUS SOLO PER IL VINCITORE",
        "potrebbe vincere tanto pescando un 4 di Bambù quanto un 1 di Bambù ... In questo caso "
        "non si avrebbe diritto al bonus",
        "[222p] 456p 999s 11s 23s +4s",
        {},
        30,
        0,
        30,
    ),
    # -- RADDOPPI (every player)
    (
        "pung of dragons",
        "RADDOPPI",
        "tris o poker di Draghi (qualsiasi colore): 1 raddoppio",
        f"[555z] {LOOSE10}",
        {},
        4,
        1,
        10,
    ),
    (
        "pung of the seat wind",
        "RADDOPPI",
        "tris o poker del Vento del giocatore: 1 raddoppio",
        f"[222z] {LOOSE10}",
        {},
        4,
        1,
        10,
    ),
    (
        "pung of the prevalent wind",
        "RADDOPPI",
        "tris o poker del Vento del giro: 1 raddoppio",
        f"[111z] {LOOSE10}",
        {},
        4,
        1,
        10,
    ),
    (
        "own season",
        "RADDOPPI",
        "Stagione corrispondente al giocatore: 1 raddoppio",
        LOOSE13,
        {"seasons": (2,)},
        4,
        1,
        10,
    ),
    (
        "own flower",
        "RADDOPPI",
        "Fiore corrispondente al giocatore: 1 raddoppio",
        LOOSE13,
        {"flowers": (2,)},
        4,
        1,
        10,
    ),
    (
        "bouquet of seasons",
        "RADDOPPI",
        "l'intera serie di quattro Stagioni (bouquet): 3 raddoppi",
        LOOSE13,
        {"seasons": (1, 2, 3, 4)},
        16,
        4,  # the bouquet 3 and the player's own season 1
        260,
    ),
    # -- RADDOPPI PER IL VINCITORE
    (
        "all pungs",
        "RADDOPPI PER IL VINCITORE",
        "mano interamente formata da tris e/o poker (nessuna serie): 1 raddoppio",
        "[222m] [555p] 777s 888s 9p +9p",
        {},
        34,
        1,
        70,
    ),
    (
        "no points hand",
        "RADDOPPI PER IL VINCITORE",
        "mano priva di punti, o mano povera (tutte serie più una coppia priva di valore): "
        "1 raddoppio",
        "123m 456p 789s 234s 3z +3z",
        {},
        22,
        1,
        40,
    ),
    (
        "terminals and honours",
        "RADDOPPI PER IL VINCITORE",
        "mano contenente combinazioni di pezzi terminali più Draghi oppure Venti: 1 raddoppio",
        "111m 999p 555z 111s 9s +9s",
        {},
        54,
        3,
        430,
    ),  # + the dragons' pung and all pungs
    (
        "one suit and honours",
        "RADDOPPI PER IL VINCITORE",
        "mano contenente combinazioni di un'unico seme più Onori: 1 raddoppio",
        "123m 456m 789m 333z 4z +4z",
        {},
        30,
        1,
        60,
    ),
    (
        "one suit",
        "RADDOPPI PER IL VINCITORE",
        "mano contenente combinazioni di un'unico seme (senza Onori): 3 raddoppi",
        "123m 456m 789m 222m 5m +5m",
        {},
        26,
        3,
        210,
    ),
    (
        "a loose tile",
        "RADDOPPI PER IL VINCITORE",
        "vittoria pescando una tessera libera: 1 raddoppio",
        "{2222p} 456p 789s 55s 67m +8m",
        {"self_drawn": True, "kong_replacement": True},
        36,
        1,
        70,
    ),
    (
        "robbing a kong",
        "RADDOPPI PER IL VINCITORE",
        "vittoria rubando un poker scoperto ad un avversario: 1 raddoppio",
        "[222p] 456p 789s 55s 67m +8m",
        {"robbing_kong": True},
        22,
        1,
        40,
    ),
    (
        "the last tile of the wall",
        "RADDOPPI PER IL VINCITORE",
        "vittoria pescando l'ultimo pezzo del muro attivo prima che la mano venga dichiarata "
        "morta: 1 raddoppio",
        "[222p] 456p 789s 55s 67m +8m",
        {"self_drawn": True, "last_of_wall": True},
        24,
        1,
        50,
    ),
    (
        "the last discard",
        "RADDOPPI PER IL VINCITORE",
        "vittoria pescando l'ultimo scarto prima che la mano venga dichiarata morta: 1 raddoppio",
        "[222p] 456p 789s 55s 67m +8m",
        {"last_discard": True},
        22,
        1,
        40,
    ),
]


@pytest.mark.parametrize(
    ("case", "section", "quote", "hand", "kwargs", "points", "doubles", "score"),
    EUROPEAN,
    ids=[case[0] for case in EUROPEAN],
)
def test_european_values_of_seed_004(case, section, quote, hand, kwargs, points, doubles, score):
    result = count("european", hand, **kwargs)
    assert (result.points, result.doubles, result.score) == (points, doubles, score), (
        section,
        quote,
        result.items,
    )
    assert result.limit_hand == "" and result.limit_tier is None


# MANI LIMITE: "valgono forfettariamente il massimo dei punti realizzabili in una sola volta, cioè
# un limite ... Le regole europee fissano quest'ultimo a 500 punti"
EUROPEAN_LIMITS = [
    (
        "Hidden treasure",
        "Tesoro nascosto (tutti tris o tris e poker coperti, formati pescando "
        "solo dal muro, senza mai raccogliere scarti)",
        "222m 555p 777s 888s 9p +9p",
        {"self_drawn": True},
    ),
    ("All honours", "Mano di tutti Onori", "111z 222z 555z 666z 7z +7z", {}),
    (
        "All heads",
        "Mano di tutte Teste (contenente combinazioni di tutte le teste: pezzi "
        "terminali, Draghi e Venti)",
        "111m 999p 555z 111z 9s +9s",
        {},
    ),
    (
        "Three great scholars",
        "i Tre Grandi Sapienti ... (contenente tris e/o poker di ciascuno dei tre Draghi)",
        "555z 666z 777z 123m 4p +4p",
        {},
    ),
    (
        "Four blessings",
        "le Quattro Benedizioni ... (contenente tris e/o poker di ciascuno dei quattro Venti)",
        "111z 222z 333z 444z 5m +5m",
        {},
    ),
    (
        "Nine gates",
        "Chiamata di nove pezzi (tris di 1 e di 9, i valori dal 2 all'8 più un altro "
        "valore qualsiasi a formare la coppia, tutto di un unico seme)",
        "1112345678999m +5m",
        {},
    ),
    (
        "Thirteen wonders",
        "le Tredici Meraviglie Solitarie (una di ciascuna delle tredici Teste "
        "più un'altra qualsiasi, doppia, a formare la coppia)",
        "19m 19p 19s 1234567z +1m",
        {},
    ),
    (
        "Heavenly hand",
        "Mano dal Paradiso (mano completa qualsiasi, formata da Est con i "
        "quattordici pezzi pescati alla presa iniziale)",
        "123m 456p 789s 234s 5p +5p",
        {"first_hand": True, "seat_wind": 0, "self_drawn": True},
    ),
    (
        "Earthly hand",
        "Mano Terrena (mano completa qualsiasi, formata da Sud, Ovest o Nord "
        "raccogliendo il primo scarto di Est)",
        "123m 456p 789s 234s 5p +5p",
        {"first_hand": True},
    ),
]


@pytest.mark.parametrize(
    ("name", "quote", "hand", "kwargs"), EUROPEAN_LIMITS, ids=[c[0] for c in EUROPEAN_LIMITS]
)
def test_european_limit_hands_of_seed_004(name, quote, hand, kwargs):
    result = count("european", hand, **kwargs)
    assert (result.limit_hand, result.score) == (name, 500), quote
    valued = classic.count_points(
        parse(hand),
        variant="european",
        options=classic.EUROPEAN.__class__(limit_hand_value=1000),
        **({"mahjong": True, "self_drawn": False, "seat_wind": 1, "prevalent_wind": 0} | kwargs),
    )
    assert valued.score == 1000  # the setting "Value of a limit hand"


def test_the_worked_example_of_seed_004():
    # "Al termine della prima mano di gioco": East 38 points, 1 double -> 80 (winner); South 28,
    # 2 doubles -> 110; West 10; North 8. East wind round.
    east = count(
        "european",
        "222z 123m 456p 55z 78m +9m",
        seat_wind=0,
        seasons=(1,),
        flowers=(3,),
    )
    south = count("european", "{8888m} 777z [111z] 99p 24s", seat_wind=1)
    west = count("european", "[111m] 345p 66z 44z 2s 5s 8s", seat_wind=2, flowers=(1,))
    north = count("european", "111p 234s 567s 33m 7m 9m", seat_wind=3)
    figures = [(c.points, c.doubles, c.score) for c in (east, south, west, north)]
    assert figures == [(38, 1, 80), (28, 2, 110), (10, 0, 10), (8, 0, 8)]
    scores = tuple(c.score for c in (east, south, west, north))
    assert classic.settle(scores, winner=0, east=0) == (480, 42, -258, -264)


def test_european_hand_shape_doubles_for_every_player_is_a_setting():
    # seed 004 "RADDOPPI PER IL VINCITORE", note [1]: "in alcuni manuali questi raddoppi sono
    # concessi a tutti i giocatori (non solo a chi chiude la mano)"
    hand = "123m 456m 789m 11m 59m"  # one suit, a player who did not go out
    assert count("european", hand).doubles == 0
    every = classic.EUROPEAN.__class__(shape_doubles_for_all=True)
    args = {"mahjong": False, "self_drawn": False, "seat_wind": 1, "prevalent_wind": 0}
    result = classic.count_points(parse(hand), variant="european", options=every, **args)
    assert result.doubles == 3
    honours = classic.count_points(
        parse("111z 333z 555z 666z 7z"), variant="european", options=every, **args
    )
    assert honours.doubles == 1 + 2 + 3  # East's pung, two dragons' pungs, only honours
