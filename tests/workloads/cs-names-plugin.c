/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-names-plugin.c — the plugin cs-names-dlopen loads with dlopen()
 *
 * Its work goes through its own PLT into libm and libc (sin, strlen,
 * getppid), so that its .plt (or, built with -fcf-protection and
 * -z ibtplt, its .plt.sec) entries see samples: perf names them
 * "sin@plt", which the names tests compare with ours.
 */
#include <math.h>
#include <string.h>
#include <unistd.h>

double cs_names_plugin_work (int n);

static const char *const words[] = { "a", "plugin", "names", "x" };

double
cs_names_plugin_work (int n)
{
  double s = 0;

  for (int i = 0; i < n; i++)
    {
      s += sin (i * 0.001);
      s += strlen (words[i & 3]);
      if ((i & 63) == 0)
        s += getppid () & 1;
    }
  return s;
}
