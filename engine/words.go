package engine

import "strconv"

// Ordinal writes n as an English ordinal: 1st, 2nd, 3rd, 4th, 11th, 21st.
// Games use it in event sentences and guides, the platform in standings.
func Ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}
