package engine

import (
	"strconv"
	"unicode/utf8"
)

// FormatMoney writes an amount the way the game writes money (Currency,
// CurrencySuffix, Thousands): "$1,480", "33.590€", "12 M€". A game
// without a currency counts points: the number alone, with Thousands.
func (i Info) FormatMoney(x int64) string {
	var sep byte
	if i.Thousands != "" {
		sep = i.Thousands[0]
	}
	return string(AppendMoney(make([]byte, 0, 24), x, i.Currency, i.CurrencySuffix, sep))
}

// AppendMoney appends x with the currency cur before the number ("$1,480",
// "-$40") or, with suffix, after it ("33.590€"; a unit of more than one
// sign, "12 M€", after a space), and sep between the thousands (none when
// sep is 0). Every game writes its money with it, so the event sentences,
// the views and the standings agree.
func AppendMoney(b []byte, x int64, cur string, suffix bool, sep byte) []byte {
	if x < 0 {
		b = append(b, '-')
		x = -x
	}
	if !suffix {
		b = append(b, cur...)
	}
	var digits [24]byte
	d := strconv.AppendInt(digits[:0], x, 10)
	for i, c := range d {
		if i > 0 && (len(d)-i)%3 == 0 && sep != 0 {
			b = append(b, sep)
		}
		b = append(b, c)
	}
	if suffix {
		if utf8.RuneCountInString(cur) > 1 {
			b = append(b, ' ')
		}
		b = append(b, cur...)
	}
	return b
}
