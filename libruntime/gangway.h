/* The public interface of libgangway, the Gangway runtime library.
   Copyright (C) 2026 The Gangway developers.

   This file is part of Gangway.

   Gangway is free software; you can redistribute it and/or modify it under
   the terms of the GNU General Public License as published by the Free
   Software Foundation; either version 3, or (at your option) any later
   version.

   Gangway is distributed in the hope that it will be useful, but WITHOUT ANY
   WARRANTY; without even the implied warranty of MERCHANTABILITY or FITNESS
   FOR A PARTICULAR PURPOSE.  See the GNU General Public License for more
   details.

   You should have received a copy of the GNU General Public License along
   with Gangway; see the file COPYING.  If not see
   <http://www.gnu.org/licenses/>.  */

/* Programs built with Gangway need nothing from this header: their
   OpenACC regions reach the runtime through calls the compiler inserts.
   It declares a few queries for programs that want to know where their
   regions run, for instance to check that they were offloaded:

     #include <gangway.h>
     ...
     #pragma acc parallel loop
     for (...) ...
     if (strcmp (gangway_last_launch_device (), "host") == 0)
       fprintf (stderr, "the loop ran on the host\n");

   The device a launch goes to is chosen from the environment variables
   ACC_DEVICE_TYPE (=host disables offloading) and GANGWAY_DEVICE ("ptx",
   "cpu" or "host"; unset, the GPU if the CUDA driver finds one, else the
   cpu device); a region without code for the ptx device runs on the cpu
   device, and one without code for that on the host.
   GANGWAY_NUM_THREADS sets the cpu device's thread count, and
   GANGWAY_LOG=launch,time prints a line per launch on stderr.  */

#ifndef GANGWAY_H
#define GANGWAY_H

#ifdef __cplusplus
extern "C" {
#endif

/* Return the name of the device that launches go to when their region
   has code for it: "ptx", "cpu" or "host".  */
const char *gangway_device_name (void);

/* Return the number of threads the cpu device runs a launch's gangs on,
   the launching thread included.  */
int gangway_num_threads (void);

/* Return the device the calling thread's last launch ran on ("ptx",
   "cpu" or "host"), or a null pointer if the thread has not launched
   anything yet.  */
const char *gangway_last_launch_device (void);

#ifdef __cplusplus
}
#endif

#endif /* GANGWAY_H */
