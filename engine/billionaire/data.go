package billionaire

// Zones (R003-21), played East -> Center -> West (R003-04).
const (
	East = iota
	Center
	West
	numZones
)

// Continents (R003-13, R003-20).
const (
	Europe = iota
	NorthAmerica
	Oceania
	Asia
	SouthAmerica
	Africa
	numContinents
)

// continentZone is the time zone of a continent (R003-21).
func continentZone(c int) int {
	return [numContinents]int{Center, West, East, East, West, Center}[c]
}

// ZoneName names a time zone.
func ZoneName(z int) string {
	if z < 0 || z >= numZones {
		return "?"
	}
	return [numZones]string{"East", "Center", "West"}[z]
}

// ContinentName names a continent.
func ContinentName(c int) string {
	if c < 0 || c >= numContinents {
		return "none"
	}
	return [numContinents]string{"Europe", "North America", "Oceania", "Asia", "South America", "Africa"}[c]
}

// Location is one of the 18 sites of the world map (G003-02).
type Location struct {
	ID        int    `json:"id"`
	Name      string `json:"name"`
	Continent int    `json:"continent"`
	Zone      int    `json:"zone"`
	Type      string `json:"type"` // "S", "M", "L"
	Cost      int64  `json:"cost"`
	Upkeep    int64  `json:"upkeep"`
	Capacity  int64  `json:"capacity"`
	Overhead  int64  `json:"overhead"`
}

// NumLocations is the size of the world map.
const NumLocations = 18

// location returns the data of location id (0..17), in the order of the
// G003-02 table: read from locationTable, because rules, views and bots
// ask for locations at every step.
func location(id int) Location {
	if id >= 0 && id < NumLocations {
		return locationTable[id]
	}
	return printedLocation(id)
}

// locOf is location(id) without copying it: a pointer into the table (a
// copy for an id off the map), which nobody writes. Rules and views read
// one field of a location at a time, and the copy was most of the read.
func locOf(id int) *Location {
	if id >= 0 && id < NumLocations {
		return &locationTable[id]
	}
	l := printedLocation(id)
	return &l
}

// itemOf is item(id) without copying the card (see locOf).
func itemOf(id int) *Item {
	if id >= 0 && id < NumItems {
		return &itemTable[id]
	}
	it := printedItem(id)
	return &it
}

// locationTable is every location, built once at start-up and only read
// afterwards (it is not exported: nothing outside can change it).
var locationTable = func() (t [NumLocations]Location) {
	for id := range t {
		t[id] = printedLocation(id)
	}
	return t
}()

// printedLocation derives location id from the G003-02 table.
func printedLocation(id int) Location {
	type row struct {
		name                         string
		cont                         int
		typ                          string
		cost, upkeep, capacity, over int64
	}
	var r row
	switch id {
	case 0:
		r = row{"Bangalore", Asia, "L", 44, 3, 14, 3}
	case 1:
		r = row{"Shanghai", Asia, "M", 30, 3, 9, 2}
	case 2:
		r = row{"Manila", Asia, "S", 14, 1, 5, 1}
	case 3:
		r = row{"Sydney", Oceania, "L", 60, 6, 15, 3}
	case 4:
		r = row{"Melbourne", Oceania, "M", 36, 4, 9, 2}
	case 5:
		r = row{"Auckland", Oceania, "S", 20, 2, 6, 1}
	case 6:
		r = row{"London", Europe, "L", 66, 7, 15, 3}
	case 7:
		r = row{"Berlin", Europe, "M", 36, 4, 9, 2}
	case 8:
		r = row{"Kraków", Europe, "S", 20, 2, 6, 1}
	case 9:
		r = row{"Cape Town", Africa, "L", 40, 3, 14, 3}
	case 10:
		r = row{"Nairobi", Africa, "M", 24, 2, 9, 2}
	case 11:
		r = row{"Lagos", Africa, "S", 12, 1, 5, 1}
	case 12:
		r = row{"San Francisco", NorthAmerica, "L", 70, 8, 16, 3}
	case 13:
		r = row{"Toronto", NorthAmerica, "M", 36, 4, 9, 2}
	case 14:
		r = row{"Austin", NorthAmerica, "S", 20, 2, 6, 1}
	case 15:
		r = row{"São Paulo", SouthAmerica, "L", 46, 4, 14, 3}
	case 16:
		r = row{"Buenos Aires", SouthAmerica, "M", 28, 2, 9, 2}
	case 17:
		r = row{"Bogotá", SouthAmerica, "S", 14, 1, 5, 1}
	default:
		return Location{ID: id, Name: "?", Continent: -1, Zone: -1}
	}
	return Location{ID: id, Name: r.name, Continent: r.cont, Zone: continentZone(r.cont), Type: r.typ,
		Cost: r.cost, Upkeep: r.upkeep, Capacity: r.capacity, Overhead: r.over}
}

// Locations returns the whole map in id order (a fresh slice).
func Locations() []Location {
	out := make([]Location, NumLocations)
	for i := range out {
		out[i] = location(i)
	}
	return out
}

// Work item stacks (R003-02).
const (
	Small = 0
	Large = 1
)

// NumItems is the size of the Work Item deck (G003-03, A003-01).
const NumItems = 256

// Item is one Work Item card, derived from its id (G003-03): id =
// stack*128 + product*64 + high*32 + (index-1).
type Item struct {
	ID       int    `json:"id"`
	Code     string `json:"code"` // e.g. "L-PD-HI-07"
	Stack    int    `json:"stack"`
	Product  bool   `json:"product"`
	HighRisk bool   `json:"high_risk"`
	Customer int    `json:"customer"` // continent
	Duration int64  `json:"duration"` // man-days
	Revenue  int64  `json:"revenue"`  // M€
	Fee      int64  `json:"fee"`      // cancellation fee, M€
	Payments int    `json:"payments"` // 1 for a project, 3 or 5 for a product
}

// customerOf maps a card's index 1..32 to its continent (G003-03).
func customerOf(idx int) int {
	switch {
	case idx <= 8:
		return Europe
	case idx <= 16:
		return NorthAmerica
	case idx <= 22:
		return Oceania
	case idx <= 26:
		return Asia
	case idx <= 30:
		return SouthAmerica
	}
	return Africa
}

// item returns the card with id 0..255 (G003-03), read from itemTable.
func item(id int) Item {
	if id >= 0 && id < NumItems {
		return itemTable[id]
	}
	return printedItem(id)
}

// itemFee is itemOf(id).Fee without copying the card: a view scores every
// seat at every step (state.score).
func itemFee(id int) int64 {
	if id >= 0 && id < NumItems {
		return itemTable[id].Fee
	}
	return printedItem(id).Fee
}

// locationCost is locOf(id).Cost without copying the location.
func locationCost(id int) int64 {
	if id >= 0 && id < NumLocations {
		return locationTable[id].Cost
	}
	return printedLocation(id).Cost
}

// itemTable is every Work Item, built once at start-up and only read
// afterwards (not exported: nothing outside can change it).
var itemTable = func() (t [NumItems]Item) {
	for id := range t {
		t[id] = printedItem(id)
	}
	return t
}()

// printedItem derives the card with id 0..255 (G003-03).
func printedItem(id int) Item {
	if id < 0 || id >= NumItems {
		return Item{ID: id, Customer: -1}
	}
	it := Item{ID: id, Stack: id / 128, Product: id/64%2 == 1, HighRisk: id/32%2 == 1}
	idx := id%32 + 1
	it.Customer = customerOf(idx)
	small := [3]int64{15, 20, 25}
	large := [5]int64{65, 80, 100, 120, 150}
	// rate in tenths of M€ per man-day, by class
	var rate int64
	if it.Stack == Small {
		it.Duration = small[(idx-1)%3]
		rate = [2][2]int64{{20, 30}, {24, 36}}[b2i(it.Product)][b2i(it.HighRisk)]
	} else {
		it.Duration = large[(idx-1)%5]
		rate = [2][2]int64{{26, 39}, {30, 45}}[b2i(it.Product)][b2i(it.HighRisk)]
	}
	unit := int64(5)
	if it.Stack == Small && it.Product {
		unit = 3 // small products split evenly into 3 payments
	}
	x := it.Duration * rate // tenths
	it.Revenue = (x + unit*10/2) / (unit * 10) * unit
	it.Fee = (it.Revenue + 4) / 5 // 20%, rounded up
	it.Payments = 1
	if it.Product {
		it.Payments = 3
		if it.Stack == Large {
			it.Payments = 5
		}
	}
	// The code, e.g. "L-PD-HI-07", is cut from a constant: item is on the
	// hot path of views, legal lists and the simulator, and a slice of a
	// constant costs no allocation. TestItemCodes checks it against the
	// rule (stack, kind, risk, index).
	it.Code = itemCodes[id*10 : id*10+10]
	return it
}

// itemCodes holds the 256 ten-character codes in id order.
const itemCodes = "" +
	"S-PJ-LO-01S-PJ-LO-02S-PJ-LO-03S-PJ-LO-04S-PJ-LO-05S-PJ-LO-06S-PJ-LO-07S-PJ-LO-08" +
	"S-PJ-LO-09S-PJ-LO-10S-PJ-LO-11S-PJ-LO-12S-PJ-LO-13S-PJ-LO-14S-PJ-LO-15S-PJ-LO-16" +
	"S-PJ-LO-17S-PJ-LO-18S-PJ-LO-19S-PJ-LO-20S-PJ-LO-21S-PJ-LO-22S-PJ-LO-23S-PJ-LO-24" +
	"S-PJ-LO-25S-PJ-LO-26S-PJ-LO-27S-PJ-LO-28S-PJ-LO-29S-PJ-LO-30S-PJ-LO-31S-PJ-LO-32" +
	"S-PJ-HI-01S-PJ-HI-02S-PJ-HI-03S-PJ-HI-04S-PJ-HI-05S-PJ-HI-06S-PJ-HI-07S-PJ-HI-08" +
	"S-PJ-HI-09S-PJ-HI-10S-PJ-HI-11S-PJ-HI-12S-PJ-HI-13S-PJ-HI-14S-PJ-HI-15S-PJ-HI-16" +
	"S-PJ-HI-17S-PJ-HI-18S-PJ-HI-19S-PJ-HI-20S-PJ-HI-21S-PJ-HI-22S-PJ-HI-23S-PJ-HI-24" +
	"S-PJ-HI-25S-PJ-HI-26S-PJ-HI-27S-PJ-HI-28S-PJ-HI-29S-PJ-HI-30S-PJ-HI-31S-PJ-HI-32" +
	"S-PD-LO-01S-PD-LO-02S-PD-LO-03S-PD-LO-04S-PD-LO-05S-PD-LO-06S-PD-LO-07S-PD-LO-08" +
	"S-PD-LO-09S-PD-LO-10S-PD-LO-11S-PD-LO-12S-PD-LO-13S-PD-LO-14S-PD-LO-15S-PD-LO-16" +
	"S-PD-LO-17S-PD-LO-18S-PD-LO-19S-PD-LO-20S-PD-LO-21S-PD-LO-22S-PD-LO-23S-PD-LO-24" +
	"S-PD-LO-25S-PD-LO-26S-PD-LO-27S-PD-LO-28S-PD-LO-29S-PD-LO-30S-PD-LO-31S-PD-LO-32" +
	"S-PD-HI-01S-PD-HI-02S-PD-HI-03S-PD-HI-04S-PD-HI-05S-PD-HI-06S-PD-HI-07S-PD-HI-08" +
	"S-PD-HI-09S-PD-HI-10S-PD-HI-11S-PD-HI-12S-PD-HI-13S-PD-HI-14S-PD-HI-15S-PD-HI-16" +
	"S-PD-HI-17S-PD-HI-18S-PD-HI-19S-PD-HI-20S-PD-HI-21S-PD-HI-22S-PD-HI-23S-PD-HI-24" +
	"S-PD-HI-25S-PD-HI-26S-PD-HI-27S-PD-HI-28S-PD-HI-29S-PD-HI-30S-PD-HI-31S-PD-HI-32" +
	"L-PJ-LO-01L-PJ-LO-02L-PJ-LO-03L-PJ-LO-04L-PJ-LO-05L-PJ-LO-06L-PJ-LO-07L-PJ-LO-08" +
	"L-PJ-LO-09L-PJ-LO-10L-PJ-LO-11L-PJ-LO-12L-PJ-LO-13L-PJ-LO-14L-PJ-LO-15L-PJ-LO-16" +
	"L-PJ-LO-17L-PJ-LO-18L-PJ-LO-19L-PJ-LO-20L-PJ-LO-21L-PJ-LO-22L-PJ-LO-23L-PJ-LO-24" +
	"L-PJ-LO-25L-PJ-LO-26L-PJ-LO-27L-PJ-LO-28L-PJ-LO-29L-PJ-LO-30L-PJ-LO-31L-PJ-LO-32" +
	"L-PJ-HI-01L-PJ-HI-02L-PJ-HI-03L-PJ-HI-04L-PJ-HI-05L-PJ-HI-06L-PJ-HI-07L-PJ-HI-08" +
	"L-PJ-HI-09L-PJ-HI-10L-PJ-HI-11L-PJ-HI-12L-PJ-HI-13L-PJ-HI-14L-PJ-HI-15L-PJ-HI-16" +
	"L-PJ-HI-17L-PJ-HI-18L-PJ-HI-19L-PJ-HI-20L-PJ-HI-21L-PJ-HI-22L-PJ-HI-23L-PJ-HI-24" +
	"L-PJ-HI-25L-PJ-HI-26L-PJ-HI-27L-PJ-HI-28L-PJ-HI-29L-PJ-HI-30L-PJ-HI-31L-PJ-HI-32" +
	"L-PD-LO-01L-PD-LO-02L-PD-LO-03L-PD-LO-04L-PD-LO-05L-PD-LO-06L-PD-LO-07L-PD-LO-08" +
	"L-PD-LO-09L-PD-LO-10L-PD-LO-11L-PD-LO-12L-PD-LO-13L-PD-LO-14L-PD-LO-15L-PD-LO-16" +
	"L-PD-LO-17L-PD-LO-18L-PD-LO-19L-PD-LO-20L-PD-LO-21L-PD-LO-22L-PD-LO-23L-PD-LO-24" +
	"L-PD-LO-25L-PD-LO-26L-PD-LO-27L-PD-LO-28L-PD-LO-29L-PD-LO-30L-PD-LO-31L-PD-LO-32" +
	"L-PD-HI-01L-PD-HI-02L-PD-HI-03L-PD-HI-04L-PD-HI-05L-PD-HI-06L-PD-HI-07L-PD-HI-08" +
	"L-PD-HI-09L-PD-HI-10L-PD-HI-11L-PD-HI-12L-PD-HI-13L-PD-HI-14L-PD-HI-15L-PD-HI-16" +
	"L-PD-HI-17L-PD-HI-18L-PD-HI-19L-PD-HI-20L-PD-HI-21L-PD-HI-22L-PD-HI-23L-PD-HI-24" +
	"L-PD-HI-25L-PD-HI-26L-PD-HI-27L-PD-HI-28L-PD-HI-29L-PD-HI-30L-PD-HI-31L-PD-HI-32"

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Action card types (G003-04), in the order of Choose's fields.
const (
	CardAcquire = iota
	CardSell
	CardSelect
	CardWork
	CardStop
	numCardTypes
)

// CardName names an action card type.
func CardName(c int) string {
	if c < 0 || c >= numCardTypes {
		return "?"
	}
	return [numCardTypes]string{"Acquire Lab", "Sell Lab", "Select Work", "Do Work", "Stop Work"}[c]
}

// CardCopies is how many copies of a card type each player holds.
func CardCopies(c int) int {
	if c < 0 || c >= numCardTypes {
		return 0
	}
	return [numCardTypes]int{3, 3, 4, 4, 4}[c]
}

// NumEvents is the size of the event deck (R003-20, G003-05).
const NumEvents = 14

// event returns the name and blocked continent of event card 0..13.
func event(id int) (string, int) {
	switch id {
	case 0:
		return "Power-grid failure", Africa
	case 1:
		return "Submarine cable cut", Africa
	case 2:
		return "National holiday", Africa
	case 3:
		return "Heatwave", Africa
	case 4:
		return "Typhoon", Asia
	case 5:
		return "Monsoon floods", Asia
	case 6:
		return "Golden Week", Asia
	case 7:
		return "General strike", SouthAmerica
	case 8:
		return "Carnival", SouthAmerica
	case 9:
		return "Landslide", SouthAmerica
	case 10:
		return "Bushfire smoke", Oceania
	case 11:
		return "Cyclone", Oceania
	case 12:
		return "Blizzard", NorthAmerica
	case 13:
		return "Volcanic ash cloud", Europe
	}
	return "?", -1
}

// Game constants (R003-01, R003-02, R003-22).
const (
	StartCapital  = 50
	WinCapital    = 1000
	DefaultRounds = 25
	MaxLabs       = 3
	QueueSize     = 5
	OffMap        = -1
)

// stackOf is the stack of item id, without building the whole card.
func stackOf(id int) int { return id / 128 }
