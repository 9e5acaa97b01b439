package migfiles_test

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"boardroom/db/migfiles"
)

func TestLoadSortsAndRefusesBadNames(t *testing.T) {
	fsys := fstest.MapFS{
		"m/0002_b.sql": {Data: []byte("B")},
		"m/0010_c.sql": {Data: []byte("C")},
		"m/0001_a.sql": {Data: []byte("A")},
	}
	ms, err := migfiles.Load(fsys, "m")
	require.NoError(t, err)
	require.Equal(t, []migfiles.Migration{{1, "0001_a.sql", "A"}, {2, "0002_b.sql", "B"}, {10, "0010_c.sql", "C"}}, ms)

	fsys["m/0002_again.sql"] = &fstest.MapFile{Data: []byte("X")}
	_, err = migfiles.Load(fsys, "m")
	require.EqualError(t, err, "two migrations numbered 2")

	_, err = migfiles.Load(fstest.MapFS{"m/init.sql": {}}, "m")
	require.EqualError(t, err, "migration init.sql is not named NNNN_name.sql")
}
