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
// G003-02 table. It is a function, not a package variable, so that no
// package-level state can be changed.
func location(id int) Location {
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

// item returns the card with id 0..255 (G003-03).
func item(id int) Item {
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
	// The code, e.g. "L-PD-HI-07", built without fmt: item is on the hot
	// path of views and of the simulator.
	code := []byte("S-PJ-LO-00")
	if it.Stack == Large {
		code[0] = 'L'
	}
	if it.Product {
		code[2], code[3] = 'P', 'D'
	}
	if it.HighRisk {
		code[5], code[6] = 'H', 'I'
	}
	code[8], code[9] = byte('0'+idx/10), byte('0'+idx%10)
	it.Code = string(code)
	return it
}

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
