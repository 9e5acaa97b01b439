package billionaire

import (
	"fmt"
)

// The reasons of the money changes a round repeats (upkeep, a finished
// project, a product's payment, a Lab bought, a cancellation fee) are a
// money change's data, so even a quiet game writes them; they are written
// once for the program from the printed cards and locations instead of
// being formatted at every payment.

// reasonTable holds the reasons by card and location.
type reasonTable struct {
	upkeep  [MaxLabs + 1]string                 // by Labs
	project [NumItems]string                    // "for finished project C"
	product [NumItems][maxPayments + 1]string   // by payments left after this one
	fee     [NumItems]string                    // "cancellation fee for stopping C"
	buy     [NumLocations]string                // "for a S Lab in L"
	sale    [NumLocations][len(saleWhys)]string // "for selling the Lab in L (why)"
}

// saleWhys are why a Lab is sold (sellLab).
var saleWhys = [...]string{"sale", "forced sale to pay upkeep", "resignation"}

// maxPayments is the most payments a product makes (A003-05).
const maxPayments = 5

// reasons is the table, made when the program starts (the engine takes no
// locks, so not lazily behind a sync.Once).
func reasons() *reasonTable { return reasonTab }

var reasonTab = makeReasons()

func makeReasons() *reasonTable {
	t := &reasonTable{}
	for n := range t.upkeep {
		t.upkeep[n] = upkeepReason(n)
	}
	for id := 0; id < NumItems; id++ {
		it := item(id)
		t.project[id] = projectReason(it)
		t.fee[id] = feeReason(it)
		for left := range t.product[id] {
			t.product[id][left] = productReason(it, left)
		}
	}
	for id := 0; id < NumLocations; id++ {
		t.buy[id] = buyReason(location(id))
		for k, why := range saleWhys {
			t.sale[id][k] = saleReason(location(id), why)
		}
	}
	return t
}

func upkeepReason(labs int) string { return "upkeep for " + Plural(labs, "Lab") }

func projectReason(it Item) string { return "for finished project " + it.Code }

func feeReason(it Item) string { return "cancellation fee for stopping " + it.Code }

func buyReason(loc Location) string { return "for a " + SizeName(loc.Type) + " Lab in " + loc.Name }

// productReason is the reason of a product's payment with left payments
// still to come after it.
func productReason(it Item, left int) string {
	l := Plural(left, "payment") + " left"
	if left == 0 {
		l = "its last payment"
	}
	return fmt.Sprintf("for product %s (%s)", it.Code, l)
}

// The lookups fall back to writing the reason for what the tables do not
// hold.

func (t *reasonTable) upkeepFor(labs int) string {
	if labs >= 0 && labs < len(t.upkeep) {
		return t.upkeep[labs]
	}
	return upkeepReason(labs)
}

func (t *reasonTable) projectFor(id int) string {
	if id >= 0 && id < NumItems {
		return t.project[id]
	}
	return projectReason(item(id))
}

func (t *reasonTable) feeFor(id int) string {
	if id >= 0 && id < NumItems {
		return t.fee[id]
	}
	return feeReason(item(id))
}

func (t *reasonTable) productFor(id, left int) string {
	if id >= 0 && id < NumItems && left >= 0 && left <= maxPayments {
		return t.product[id][left]
	}
	return productReason(item(id), left)
}

func saleReason(loc Location, why string) string {
	return fmt.Sprintf("for selling the Lab in %s (%s)", loc.Name, why)
}

func (t *reasonTable) saleFor(loc int, why string) string {
	if loc >= 0 && loc < NumLocations {
		for k, w := range saleWhys {
			if w == why {
				return t.sale[loc][k]
			}
		}
	}
	return saleReason(location(loc), why)
}

func (t *reasonTable) buyFor(loc int) string {
	if loc >= 0 && loc < NumLocations {
		return t.buy[loc]
	}
	return buyReason(location(loc))
}
