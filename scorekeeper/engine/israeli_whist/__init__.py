"""Israeli Whist, which the app reaches only through the registry; the names below (each
imported ``as`` itself, so exported) are for the engine's tests and benchmarks outside the
game's own (which import each module's names from it)."""

from .auction import ALL_BIDS as ALL_BIDS
from .bids import Bid as Bid
from .bids import Denomination as Denomination
from .bots import BOTS as BOTS
from .bots import IsraeliHeuristicBot as IsraeliHeuristicBot
from .bots import IsraeliRandomBot as IsraeliRandomBot
from .bots import make_bots as make_bots
from .contracts import forbidden_for_entry as forbidden_for_entry
from .contracts import last_bidder as last_bidder
from .contracts import speaking_order as speaking_order
from .game import GAME
from .play import IsraeliPlayState as IsraeliPlayState
from .play import legal_cards as legal_cards
from .records import score_table_entry as score_table_entry
from .scoring import score_hand as score_hand
from .settings import KNOBS as KNOBS
from .settings import PRESETS as PRESETS
from .settings import RuleSettings as RuleSettings
from .simulate import IsraeliTally as IsraeliTally
from .simulate import deal_hands as deal_hands
from .simulate import simulate_deals as simulate_deals

preset = GAME.preset
"""The named preset; raises InvalidSettings listing the known names."""
record_from_dict = GAME.record_from_dict
"""The hand a JSON-shaped dict gives, read alone (no place given); raises InvalidHand."""
