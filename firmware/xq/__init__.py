# The Xiangqi rules core: position, legal moves, results (art. 2-4 of the
# 2011 rules). Import the modules you need (`from xq.position import
# Position`): the package itself imports nothing, to spare a device's RAM.
