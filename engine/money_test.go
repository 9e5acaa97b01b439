package engine

import "testing"

func TestFormatMoney(t *testing.T) {
	for _, c := range []struct {
		info Info
		x    int64
		want string
	}{
		{Info{Currency: "$", Thousands: ","}, 1480, "$1,480"},
		{Info{Currency: "$", Thousands: ","}, -40, "-$40"},
		{Info{Currency: "£", Thousands: ","}, 1234567, "£1,234,567"},
		{Info{Currency: "€", CurrencySuffix: true, Thousands: "."}, 33590, "33.590€"},
		{Info{Currency: "€", CurrencySuffix: true, Thousands: "."}, 999, "999€"},
		{Info{Currency: "M€", CurrencySuffix: true}, 12, "12 M€"},
		{Info{Currency: "M€", CurrencySuffix: true}, -3, "-3 M€"},
		{Info{Currency: "$"}, 6, "$6"},
		{Info{}, 33590, "33590"},
		{Info{Thousands: ","}, 33590, "33,590"},
	} {
		if got := c.info.FormatMoney(c.x); got != c.want {
			t.Errorf("%+v.FormatMoney(%d) = %q, want %q", c.info, c.x, got, c.want)
		}
	}
}
